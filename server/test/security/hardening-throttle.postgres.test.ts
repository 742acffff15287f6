import { dialectFile } from '../support/harness.js';
import { hardeningThrottleSuite } from './hardening-throttle.suite.js';

dialectFile('postgres', hardeningThrottleSuite);
