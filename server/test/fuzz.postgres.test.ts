import { dialectFile } from './harness.js';
import { fuzzSuite } from './fuzz.suite.js';

dialectFile('postgres', fuzzSuite);
