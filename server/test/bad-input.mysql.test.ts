import { dialectFile } from './harness.js';
import { badInputSuite } from './bad-input.suite.js';

dialectFile('mysql', badInputSuite);
