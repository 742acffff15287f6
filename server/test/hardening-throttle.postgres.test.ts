import { dialectFile } from './harness.js';
import { hardeningThrottleSuite } from './hardening-throttle.suite.js';

dialectFile('postgres', hardeningThrottleSuite);
