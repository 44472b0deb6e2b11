/**
 * The release's self-contained plugin (scripts/release/plugin.mjs bundles this file with esbuild):
 * the process of provider/plugin/serve.ts with package.json's version and sdk/schema.json inlined
 * at bundle time, so it reads no file of the package at run time.
 */
import { version } from "../../package.json";
import schema from "../../sdk/schema.json";
import { serve, withVersion } from "../../provider/plugin/serve";

let text: string | undefined;
serve(process.argv, { version, schema: () => (text ??= withVersion(schema, version)) });
