import { dialectFile } from '../support/harness.js';
import { faultsSuite } from './faults.suite.js';

dialectFile('mysql', faultsSuite);
