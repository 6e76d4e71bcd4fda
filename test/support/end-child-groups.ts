/**
 * A Vitest setup file: after each test file, every process group it started and left running is ended, also when a
 * test failed or timed out before reaching its own cleanup.
 */
import { afterAll } from 'vitest';
import { endAllGroups } from './child-processes';

afterAll(endAllGroups);
