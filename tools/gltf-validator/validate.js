// Runs the Khronos glTF Validator on one .gltf or .glb and prints its issue counts as JSON.
// Exit code 0 only when there are no errors and no warnings. Used by anmkit's tests.
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

const file = process.argv[2];
const bytes = new Uint8Array(fs.readFileSync(file));
validator.validateBytes(bytes, {
  uri: path.basename(file),
  externalResourceFunction: (uri) => Promise.resolve(new Uint8Array(fs.readFileSync(path.join(path.dirname(file), decodeURIComponent(uri))))),
}).then((report) => {
  const issues = report.issues;
  console.log(JSON.stringify({errors: issues.numErrors, warnings: issues.numWarnings, infos: issues.numInfos,
                              messages: issues.messages.filter((m) => m.severity <= 1)}));
  process.exit(issues.numErrors + issues.numWarnings > 0 ? 1 : 0);
}).catch((error) => {
  console.error(String(error));
  process.exit(2);
});
