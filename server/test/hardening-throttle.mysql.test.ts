import { dialectFile } from './harness.js';
import { hardeningThrottleSuite } from './hardening-throttle.suite.js';

dialectFile('mysql', hardeningThrottleSuite);
