/** What every migration writes: the `pulumi import --file` JSON, and the stack export it reads. */

/** One entry of a `pulumi import --file` JSON. */
export interface ImportSpec {
  /** The plugin's type token. */
  type: string;
  /** The name in the generated code (a valid identifier). */
  name: string;
  /** The resource's name in its URN, when `name` had to be changed to be an identifier. */
  logicalName?: string;
  /** The import id the plugin reads the resource by. */
  id: string;
  /** The parent's key in `nameTable`, for a resource whose parent is not the stack. */
  parent?: string;
}

/** The `pulumi import --file` JSON. */
export interface ImportFile {
  /** Parents (components kept in the state), by the key `parent` uses. */
  nameTable?: Record<string, string>;
  /** The resources to import. */
  resources: ImportSpec[];
}

/** One resource of a `pulumi stack export` deployment (the fields the migrations read). */
export interface ExportedResource {
  /** The resource's URN. */
  urn: string;
  /** Its type token, `pulumi-nodejs:dynamic/redpanda:Topic` for this package's dynamic kinds. */
  type: string;
  /** The provider's id of the resource. */
  id?: string;
  /** Whether it is a custom resource. */
  custom?: boolean;
  /** Its inputs as the state holds them (secrets may be encrypted). */
  inputs?: Record<string, unknown>;
  /** Its outputs as the state holds them (secrets may be encrypted). */
  outputs?: Record<string, unknown>;
  /** Its parent's URN. */
  parent?: string;
  /** Whether the engine refuses to delete it. */
  protect?: boolean;
  /** Its provider reference, `<provider URN>::<provider id>`. */
  provider?: string;
}

/** The JSON `pulumi stack export` writes (version 3). */
export interface StackExport {
  /** The format version. */
  version?: number;
  /** The checkpoint. */
  deployment?: { resources?: ExportedResource[] };
}

/** An attribute only the old state holds, and how the new program gets it. */
export interface CarriedValue {
  /** Where it is: a Terraform address or a URN. */
  source: string;
  /** The attribute's name there (`password`). */
  attribute: string;
  /** The imported resource's name in the generated code. */
  name: string;
  /** The plugin's input that takes it. */
  input: string;
  /** The stack config key suggested for it (`appPassword`). */
  configKey: string;
  /** What it is, in words. */
  what: string;
}
