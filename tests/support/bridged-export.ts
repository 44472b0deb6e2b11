/**
 * A stack of the Pulumi package bridged from the vendor's Terraform provider (`pulumi package add
 * terraform-provider redpanda-data/redpanda`, v1.6.0), as `pulumi stack export` writes it: types
 * `redpanda:index/<camel>:<Pascal>`, the provider `pulumi:providers:redpanda`, Terraform's ids and
 * attributes in camelCase (inputs as the program gave them, outputs with every attribute the state
 * holds), secrets as Pulumi's secret objects. Given `plaintext` secrets, `pulumi stack import`
 * encrypts them with the stack's secrets provider, so the stack's own export is then the encrypted
 * form a user has.
 */
import { createHash } from "node:crypto";
import type { ExportedResource } from "../../provider/migrate/types";

export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** A secret in the `--show-secrets` form (JSON of the value in `plaintext`). */
export const plaintextSecret = (value: unknown) => ({
  [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});

/** An encrypted secret as a passphrase stack exports it (the ciphertext is opaque). */
export const encryptedSecret = (ciphertext: string) => ({
  [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270",
  ciphertext,
});

/** One bridged resource: its token, name, Terraform id, the program's inputs, the extra outputs. */
export interface BridgedResource {
  token: string;
  name: string;
  id: string;
  inputs: Record<string, unknown>;
  /** Computed attributes besides the inputs (`clusterApiUrl` of a cluster). */
  computed?: Record<string, unknown>;
  /** Names of earlier resources this one depends on. */
  dependsOn?: string[];
  protect?: boolean;
}

const PROVIDER_ID = "7d5b3b52-4b4e-4a8b-9c1d-0f6f1c2a3b4c";

/**
 * `pulumi stack export`'s document for a stack `stack` of project `project`; `secretsProvider` is
 * the stack's (`{ type: "passphrase", state: { salt } }`), which `pulumi stack import` needs to
 * encrypt the secrets.
 */
export function bridgedExport(
  project: string,
  stack: string,
  resources: BridgedResource[],
  secretsProvider?: Record<string, unknown>,
): { version: 3; deployment: Record<string, unknown> } {
  const base = `urn:pulumi:${stack}::${project}`;
  const stackUrn = `${base}::pulumi:pulumi:Stack::${project}-${stack}`;
  const providerUrn = `${base}::pulumi:providers:redpanda::default_1_6_0`;
  const urnOf = (r: BridgedResource) => `${base}::${r.token}::${r.name}`;
  const byName = new Map(resources.map((r) => [r.name, urnOf(r)]));
  const list: ExportedResource[] = [
    { urn: stackUrn, custom: false, type: "pulumi:pulumi:Stack" },
    {
      urn: providerUrn,
      custom: true,
      id: PROVIDER_ID,
      type: "pulumi:providers:redpanda",
      inputs: { version: "1.6.0" },
      outputs: { version: "1.6.0" },
    },
    ...resources.map((r) => {
      const dependencies = (r.dependsOn ?? []).map((n) => byName.get(n)!);
      return {
        urn: urnOf(r),
        custom: true,
        id: r.id,
        type: r.token,
        inputs: { __defaults: [], ...r.inputs },
        outputs: { ...r.inputs, ...r.computed, id: r.id },
        parent: stackUrn,
        ...(r.protect ? { protect: true } : {}),
        dependencies,
        provider: `${providerUrn}::${PROVIDER_ID}`,
        propertyDependencies: {},
      };
    }),
  ];
  return {
    version: 3,
    deployment: {
      // The CLI that wrote it; `magic` is its check (sha256 of the version, as the CLI computes).
      manifest: {
        time: "2026-04-02T10:00:00.000000000Z",
        magic: createHash("sha256").update("v3.248.0").digest("hex"),
        version: "v3.248.0",
      },
      ...(secretsProvider ? { secrets_providers: secretsProvider } : {}),
      resources: list,
    },
  };
}
