// Defaults the commands share, in a module light enough to load before any command runs.

import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_DATA_DIR = join(homedir(), '.cozylab');
