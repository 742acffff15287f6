import { dialectFile } from '../support/harness.js';
import { faultsDatabaseSuite } from './faults-database.suite.js';

dialectFile('postgres', faultsDatabaseSuite);
