/** The packaged binary's fuses: no Node mode, no inspector, asar only, and no extra privileges for file://. */
import { createRequire } from 'node:module';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const afterPack = require('../../../scripts/fuses.cjs') as { fuseConfig: Record<number | string, unknown> };

describe('electron-builder afterPack fuses', () => {
  it('turns off every fuse that widens what the shipped app can do', () => {
    expect(afterPack.fuseConfig).toEqual({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });
});
