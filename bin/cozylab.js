#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm ci` is the whole build.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
