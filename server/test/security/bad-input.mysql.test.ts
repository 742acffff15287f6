import { dialectFile } from '../support/harness.js';
import { badInputSuite } from './bad-input.suite.js';

dialectFile('mysql', badInputSuite);
