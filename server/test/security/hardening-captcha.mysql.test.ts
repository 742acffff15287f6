import { dialectFile } from '../support/harness.js';
import { hardeningCaptchaSuite } from './hardening-captcha.suite.js';

dialectFile('mysql', hardeningCaptchaSuite);
