// Rebuilds web/dist when its sources are newer: the e2e server serves the built app, and a run started
// straight from Playwright after an edit would otherwise test the previous build.
import { ensureWebBuilt } from './lib.mjs';

ensureWebBuilt();
