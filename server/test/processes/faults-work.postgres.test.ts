import { dialectFile } from '../support/harness.js';
import { faultsWorkSuite } from './faults-work.suite.js';

dialectFile('postgres', faultsWorkSuite);
