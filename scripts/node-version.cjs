// Run before `npm start` and `npm run web`: on a Node older than the app needs (package.json "engines"), say so in
// one plain sentence, with the way to get a newer one, and stop (exit 1) before anything else fails obscurely.
// Written for old Nodes: CommonJS, no syntax newer than Node 12 understands.
'use strict';

var NEEDED = [22, 12];

/** The problem with running on Node `version` ("20.19.0"), in words; null when it is new enough. */
function nodeVersionProblem(version) {
  var parts = String(version).split('.').map(Number);
  var major = parts[0] || 0;
  var minor = parts[1] || 0;
  if (major > NEEDED[0] || (major === NEEDED[0] && minor >= NEEDED[1])) return null;
  return (
    'Venue Cashier needs Node.js ' +
    NEEDED.join('.') +
    ' or newer (Node 24 recommended); this is Node ' +
    version +
    '. Install a newer Node, or run npm itself under Node 24 from the npm registry: npx -y -p node@24 npm start ' +
    '(or: npx -y -p node@24 npm run web).'
  );
}

module.exports = { nodeVersionProblem: nodeVersionProblem };

if (require.main === module) {
  var problem = nodeVersionProblem(process.versions.node);
  if (problem !== null) {
    console.error(problem);
    process.exit(1);
  }
}
