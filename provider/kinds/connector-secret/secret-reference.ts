/**
 * How a connector config names a value of a ConnectorSecret: `${secretsManager:<id>:<key>}`.
 * Adds `ref(key)` to the generated ConnectorSecret class (its module cannot hold hand-written code).
 */
import * as pulumi from "@pulumi/pulumi";
import { ConnectorSecret } from "./resource";

declare module "./resource" {
  interface ConnectorSecret {
    /** `${secretsManager:<secret id>:<key>}`, for a connector config value. */
    ref(key: string): pulumi.Output<string>;
  }
}

/** The reference string a connector config uses for one key of a stored secret. */
export function secretReference(
  secretId: pulumi.Input<string>,
  key: string,
): pulumi.Output<string> {
  return pulumi.interpolate`\${secretsManager:${secretId}:${key}}`;
}

ConnectorSecret.prototype.ref = function ref(this: ConnectorSecret, key: string) {
  return secretReference(this.id, key);
};
