import { dialectFile } from '../support/harness.js';
import { fuzzSuite } from './fuzz.suite.js';

dialectFile('postgres', fuzzSuite);
