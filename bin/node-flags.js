// The V8 flags `cozylab` runs with (bin/cozylab.js's #! line and `npm start` carry the same). A
// young generation of 32 MB semi-spaces instead of 16: a reconcile's garbage dies young instead of
// being promoted, which took a quarter off the 10k-pods benchmark; the platform's idle RSS grows
// by about 15 MB.
export const NODE_FLAGS = ['--max-semi-space-size=32'];
