// The V8 settings every instance runs with (docs/decisions/0031-server-memory.md, 0080): a young
// generation of 2 × 8 MB instead of 2 × 16 MB, and an old generation bounded at 1 GiB, which makes
// V8 collect it before it grows to several times the live heap (about 45 MB with 100 000 users).
// `npm start` (the root package.json) and the server's own `start` script write them out; a test
// holds the three together.
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8', '--max-old-space-size=1024'];
