import { dialectFile } from '../support/harness.js';
import { faultsShutdownSuite } from './faults-shutdown.suite.js';

dialectFile('mysql', faultsShutdownSuite);
