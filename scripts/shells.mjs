// `npm run shells`: the iOS and Android projects of the native shells, made from the built web
// app with the Capacitor CLI and then given what the CLI leaves out. They are output, never kept
// in git: each run deletes apps/web/android, apps/web/ios and apps/web/dist-native and makes
// them again, so change this script, not the projects (docs/decisions/0035).
//
//   VITE_API_URL=https://app.stod.example/api npm run shells
//
// 1. apps/web/dist (built by `npm run shells` first) is copied to dist-native, the web folder of
//    capacitor.config.json, without the .br/.gz copies that only a web server sends.
// 2. `cap add android` and `cap add ios --packagemanager CocoaPods`: CocoaPods, because the QR
//    scanner (@capacitor-mlkit/barcode-scanning) ships a podspec and no Package.swift.
// 3. The projects get the location permission, the deep links (https App Links and universal
//    links on SHELLS_APP_HOST, the app's own scheme), the usage texts in Faroese and English,
//    the entitlements and push registration on iOS.
// 4. `cap sync` copies the web app in and lists the plugins (and runs `pod install` on a Mac).
//
// SHELLS_APP_HOST is the host of the links that open the app: by default the host of
// VITE_API_URL, else app.stod.example. The scheme is the product slug (VITE_PRODUCT_SLUG, stod),
// as in the web app (src/lib/deep-link.ts). SHELLS_DIR makes the projects in another folder
// (the test does), next to copies of the app's package.json and capacitor.config.json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
const out = resolve(process.env.SHELLS_DIR ?? web);
const COMPRESSED = /\.(br|gz)$/;

/** The usage texts of the system's permission prompts and the app's name under its icon. */
const TEXTS = {
  fo: {
    name: 'Støð',
    camera: 'Støð brúkar kameraið at skanna QR-kotuna á pumpuni ella kaffimaskinuni.',
    location:
      'Støð brúkar staðsetingina hjá tær at vísa tær næstu støðirnar og at finna støðina, har tú ert.',
  },
  en: {
    name: 'Støð',
    camera: 'Støð uses the camera to scan the QR code on the pump or the coffee machine.',
    location:
      'Støð uses your location to show you the nearest stations and to find the station you are at.',
  },
};

function fail(message) {
  console.error(`shells: ${message}`);
  process.exit(1);
}

function linkHost() {
  if (process.env.SHELLS_APP_HOST) return process.env.SHELLS_APP_HOST;
  try {
    return new URL(process.env.VITE_API_URL ?? '').hostname;
  } catch {
    return 'app.stod.example';
  }
}
// The Capacitor CLI needs Node 22; `npm run` puts the project's Node first on PATH.
if (Number(process.versions.node.split('.')[0]) < 22)
  fail(`Node ${process.versions.node} is too old for the Capacitor CLI: run \`npm run shells\`.`);
const host = linkHost();
const scheme = process.env.VITE_PRODUCT_SLUG ?? 'stod';
if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host)) fail(`not a host name: ${host}`);
if (!/^[a-z][a-z0-9+.-]*$/.test(scheme)) fail(`not a URL scheme: ${scheme}`);
if (!existsSync(join(dist, 'index.html'))) fail('apps/web/dist is not built (npm run build).');

/** Replaces the one `find` in `text`; a template that has it never or twice fails loudly. */
function once(text, find, replacement, file) {
  const at = text.indexOf(find);
  if (at < 0 || text.includes(find, at + 1))
    fail(`${relative(out, file)}: expected "${find}" once; has Capacitor's template changed?`);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/** Applies `edit` to the file's text, or writes the file when `edit` is a string. */
function write(file, edit) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof edit === 'string' ? edit : edit(readFileSync(file, 'utf8')));
}

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function cap(...args) {
  const cli = dirname(createRequire(import.meta.url).resolve('@capacitor/cli/package.json'));
  // CI=1: no prompts and no usage report, which the CLI sends from an interactive terminal.
  const result = spawnSync(process.execPath, [join(cli, 'bin/capacitor'), ...args], {
    cwd: out,
    stdio: 'inherit',
    env: { ...process.env, CI: '1' },
  });
  if (result.status !== 0) fail(`cap ${args.join(' ')} failed.`);
}

// The app folder the CLI works in: apps/web, or SHELLS_DIR with the app's manifest and config.
if (out !== web) {
  mkdirSync(out, { recursive: true });
  for (const file of ['package.json', 'capacitor.config.json'])
    copyFileSync(join(web, file), join(out, file));
  if (!existsSync(join(out, 'node_modules')))
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'junction');
}
const config = JSON.parse(readFileSync(join(out, 'capacitor.config.json'), 'utf8'));
// Deleted and made again on every run: a folder of its own beside dist, never dist itself.
if (!/^[\w-]+$/.test(config.webDir) || config.webDir === 'dist')
  fail(`capacitor.config.json: webDir ${config.webDir} must be a folder of its own, not dist.`);
const webDir = join(out, config.webDir);
for (const dir of ['android', 'ios', config.webDir])
  rmSync(join(out, dir), { recursive: true, force: true });

// Added before the web folder exists, the projects are patched before the one sync (and the one
// `pod install`).
console.log('shells: adding the projects; the CLI syncs them once they are patched.');
cap('add', 'android');
cap('add', 'ios', '--packagemanager', 'CocoaPods');

// Android
const main = join(out, 'android/app/src/main');
const manifest = join(main, 'AndroidManifest.xml');
write(manifest, (text) => {
  text = once(
    text,
    '<uses-permission android:name="android.permission.INTERNET" />',
    `<uses-permission android:name="android.permission.INTERNET" />
    <!-- The nearest stations and the station the customer is at (@capacitor/geolocation). -->
    <uses-permission android:name="android.permission.ACCESS_COARSE_LOCATION" />
    <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION" />
    <uses-feature android:name="android.hardware.location.gps" android:required="false" />
    <!-- No CAMERA: the scanner uses Google's code scanner, which asks for no permission. -->`,
    manifest,
  );
  text = once(
    text,
    '</activity>',
    `    <!-- Links on the app's host open the app (verified by the host's assetlinks.json). -->
            <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="${host}" />
            </intent-filter>

            <intent-filter>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="${scheme}" />
            </intent-filter>

        </activity>`,
    manifest,
  );
  return once(
    text,
    '</application>',
    `    <!-- Google's code scanner comes with the app from the store, not on the first scan. -->
        <meta-data android:name="com.google.mlkit.vision.DEPENDENCIES" android:value="barcode_ui" />
    </application>`,
    manifest,
  );
});
const strings = (texts, fixed) => `<?xml version='1.0' encoding='utf-8'?>
<resources>
    <string name="app_name">${xml(texts.name)}</string>
    <string name="title_activity_main">${xml(texts.name)}</string>
${fixed}</resources>
`;
write(
  join(main, 'res/values/strings.xml'),
  strings(
    TEXTS.en,
    `    <string name="package_name" translatable="false">${config.appId}</string>
    <string name="custom_url_scheme" translatable="false">${scheme}</string>
`,
  ),
);
write(join(main, 'res/values-fo/strings.xml'), strings(TEXTS.fo, ''));

// iOS
const app = join(out, 'ios/App/App');
const plistDoc = (body) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
${body}</dict>
</plist>
`;
const infoPlist = join(app, 'Info.plist');
write(infoPlist, (text) => {
  // Faroese first, as the app itself: a phone in neither language gets the Faroese texts.
  text = once(
    text,
    '<key>CFBundleDevelopmentRegion</key>\n\t<string>en</string>',
    '<key>CFBundleDevelopmentRegion</key>\n\t<string>fo</string>',
    infoPlist,
  );
  const end = text.lastIndexOf('</dict>');
  if (end < 0) fail('Info.plist has no </dict>.');
  return `${text.slice(0, end)}\t<key>CFBundleLocalizations</key>
\t<array>
\t\t<string>fo</string>
\t\t<string>en</string>
\t</array>
\t<key>CFBundleURLTypes</key>
\t<array>
\t\t<dict>
\t\t\t<key>CFBundleURLName</key>
\t\t\t<string>${config.appId}</string>
\t\t\t<key>CFBundleURLSchemes</key>
\t\t\t<array>
\t\t\t\t<string>${scheme}</string>
\t\t\t</array>
\t\t</dict>
\t</array>
\t<key>NSCameraUsageDescription</key>
\t<string>${xml(TEXTS.en.camera)}</string>
\t<key>NSLocationAlwaysAndWhenInUseUsageDescription</key>
\t<string>${xml(TEXTS.en.location)}</string>
\t<key>NSLocationWhenInUseUsageDescription</key>
\t<string>${xml(TEXTS.en.location)}</string>
${text.slice(end)}`;
});
const quoted = (text) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
for (const [language, texts] of Object.entries(TEXTS))
  write(
    join(app, `${language}.lproj/InfoPlist.strings`),
    [
      ['CFBundleDisplayName', texts.name],
      ['NSCameraUsageDescription', texts.camera],
      ['NSLocationAlwaysAndWhenInUseUsageDescription', texts.location],
      ['NSLocationWhenInUseUsageDescription', texts.location],
    ]
      .map(([key, value]) => `${quoted(key)} = ${quoted(value)};\n`)
      .join(''),
  );
// Xcode turns `development` into `production` when it exports the app for the store.
write(
  join(app, 'App.entitlements'),
  plistDoc(`\t<key>aps-environment</key>
\t<string>development</string>
\t<key>com.apple.developer.associated-domains</key>
\t<array>
\t\t<string>applinks:${host}</string>
\t</array>
`),
);
const delegate = join(app, 'AppDelegate.swift');
write(delegate, (text) => {
  const end = text.lastIndexOf('}');
  return `${text.slice(0, end)}    // @capacitor/push-notifications learns the device's token, or why there is none, from here.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        NotificationCenter.default.post(name: .capacitorDidRegisterForRemoteNotifications, object: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        NotificationCenter.default.post(name: .capacitorDidFailToRegisterForRemoteNotifications, object: error)
    }

${text.slice(end)}`;
});

// The Xcode project: InfoPlist.strings as a variant group (en, fo) in the app's resources, the
// entitlements file, and CODE_SIGN_ENTITLEMENTS in the App target's Debug and Release.
const pbxproj = join(out, 'ios/App/App.xcodeproj/project.pbxproj');
write(pbxproj, (text) => {
  const id = (name) => createHash('sha1').update(`stod ${name}`).digest('hex').slice(0, 24);
  const [build, group, en, fo, entitlements] = [
    'InfoPlist.strings in Resources',
    'InfoPlist.strings',
    'en.lproj/InfoPlist.strings',
    'fo.lproj/InfoPlist.strings',
    'App.entitlements',
  ].map((name) => id(name).toUpperCase());
  const ref = (key, language) =>
    `\t\t${key} /* ${language} */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = ${language}; path = ${language}.lproj/InfoPlist.strings; sourceTree = "<group>"; };\n`;
  const edits = [
    [
      '/* End PBXBuildFile section */',
      `\t\t${build} /* InfoPlist.strings in Resources */ = {isa = PBXBuildFile; fileRef = ${group} /* InfoPlist.strings */; };\n/* End PBXBuildFile section */`,
    ],
    [
      '/* End PBXFileReference section */',
      `${ref(en, 'en')}${ref(fo, 'fo')}\t\t${entitlements} /* App.entitlements */ = {isa = PBXFileReference; lastKnownFileType = text.plist.entitlements; path = App.entitlements; sourceTree = "<group>"; };\n/* End PBXFileReference section */`,
    ],
    // The App group's list of files, and the Resources build phase.
    [
      '/* Info.plist */,\n',
      `/* Info.plist */,\n\t\t\t\t${group} /* InfoPlist.strings */,\n\t\t\t\t${entitlements} /* App.entitlements */,\n`,
    ],
    [
      '/* config.xml in Resources */,\n',
      `/* config.xml in Resources */,\n\t\t\t\t${build} /* InfoPlist.strings in Resources */,\n`,
    ],
    [
      '/* End PBXVariantGroup section */',
      `\t\t${group} /* InfoPlist.strings */ = {\n\t\t\tisa = PBXVariantGroup;\n\t\t\tchildren = (\n\t\t\t\t${en} /* en */,\n\t\t\t\t${fo} /* fo */,\n\t\t\t);\n\t\t\tname = InfoPlist.strings;\n\t\t\tsourceTree = "<group>";\n\t\t};\n/* End PBXVariantGroup section */`,
    ],
    ['\t\t\t\tBase,\n\t\t\t);', '\t\t\t\tBase,\n\t\t\t\tfo,\n\t\t\t);'],
  ];
  for (const [find, replacement] of edits) text = once(text, find, replacement, pbxproj);
  // CODE_SIGN_STYLE is set in the App target's two configurations only.
  const parts = text.split('CODE_SIGN_STYLE = Automatic;');
  if (parts.length !== 3) fail('project.pbxproj: expected the App target in Debug and Release.');
  return parts.join(
    'CODE_SIGN_ENTITLEMENTS = App/App.entitlements;\n\t\t\t\tCODE_SIGN_STYLE = Automatic;',
  );
});

// The web app, without the precompressed copies, then the one sync.
cpSync(dist, webDir, {
  recursive: true,
  filter: (source) => !COMPRESSED.test(source) && basename(source) !== '.build-stamp',
});
cap('sync');

/** The files under `dir` whose names match `pattern`. */
function find(dir, pattern) {
  return readdirSync(dir, { recursive: true }).filter((name) => pattern.test(String(name)));
}
for (const dir of [join(main, 'assets/public'), join(app, 'public')]) {
  if (!existsSync(join(dir, 'index.html'))) fail(`${relative(out, dir)} has no index.html.`);
  const compressed = find(dir, COMPRESSED);
  if (compressed.length > 0) fail(`${relative(out, dir)} holds ${compressed.join(', ')}.`);
}
const built = find(join(dist, 'assets'), /\.js$/).some((name) =>
  readFileSync(join(dist, 'assets', String(name)), 'utf8').includes(`//${host}/`),
);
if (!built)
  console.warn(
    `shells: apps/web/dist was built without VITE_API_URL=https://${host}/api: in the shells the` +
      ` app calls /api on its own origin and takes no links of ${host}.`,
  );
const shown = (path) => (relative(root, path).startsWith('..') ? path : relative(root, path));
console.log(
  `shells: ${shown(join(out, 'android'))} and ${shown(join(out, 'ios'))} made for` +
    ` https://${host} and ${scheme}://. Build them in Android Studio and, on a Mac, in Xcode` +
    ` (\`npx cap open ios\` in ${shown(out)}).`,
);
