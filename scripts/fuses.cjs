// electron-builder afterPack hook: flip Electron's fuses in the packaged binary so the shipped app
// cannot be turned into a Node interpreter or debugged, loads its code only from the signed asar, and gives file://
// no privileges beyond an ordinary scheme.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

/** The fuses written into the packaged binary (exported for the test that checks them). */
const fuseConfig = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
  // Our pages come from the app:// scheme; file:// must not keep the extra powers Electron grants it by default.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

module.exports = async function afterPack(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  const executable = {
    darwin: path.join(appOutDir, `${name}.app`, 'Contents', 'MacOS', name),
    win32: path.join(appOutDir, `${name}.exe`),
    linux: path.join(appOutDir, packager.executableName),
  }[electronPlatformName];
  await flipFuses(executable, fuseConfig);
};
module.exports.fuseConfig = fuseConfig;
