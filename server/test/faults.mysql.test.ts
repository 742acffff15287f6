import { dialectFile } from './harness.js';
import { faultsSuite } from './faults.suite.js';

dialectFile('mysql', faultsSuite);
