// electron-builder afterPack hook: flip Electron's fuses in the packaged binary so the shipped app
// cannot be turned into a Node interpreter or debugged, and loads its code only from the signed asar.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

module.exports = async function afterPack(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  const name = packager.appInfo.productFilename;
  const executable = {
    darwin: path.join(appOutDir, `${name}.app`, 'Contents', 'MacOS', name),
    win32: path.join(appOutDir, `${name}.exe`),
    linux: path.join(appOutDir, packager.executableName),
  }[electronPlatformName];
  await flipFuses(executable, {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.EnableCookieEncryption]: true,
  });
};
