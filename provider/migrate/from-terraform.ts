/**
 * Taking a Terraform configuration's Redpanda Cloud objects over into a stack of the provider
 * plugin without touching them: from a Terraform state (./terraform-state.ts), the
 * `pulumi import --file` JSON naming each `redpanda_*` resource of the vendor's provider under its
 * plugin type with its import id (each kind's terraform.ts), the `terraform state rm` commands that
 * then let Terraform forget them, and what only the state holds. Pure: the command line is
 * ./terraform-cli.ts; the steps are in docs/adopt.md.
 */
import { PACKAGE as PLUGIN_PACKAGE } from "../plugin/config";
import { attributesOf } from "./attributes";
import { carriedOf } from "./carry";
import { BY_TERRAFORM_TYPE } from "./mappings";
import { NameBook, shellQuote } from "./names";
import type { StateInstance } from "./terraform-state";
import type { CarriedValue, ImportFile } from "./types";

/** The vendor's provider: `registry.terraform.io/redpanda-data/redpanda` (any registry host). */
export function isVendorProvider(source: string): boolean {
  return /(^|\/)redpanda-data\/redpanda$/.test(source);
}

/** One Terraform resource instance that moves. */
export interface MovedInstance {
  /** Its Terraform address. */
  address: string;
  /** The plugin's kind. */
  kind: string;
  /** The name in the import file and the generated code. */
  name: string;
  /** The import id. */
  importId: string;
}

/** What the migration from Terraform does, for the command line to write out. */
export interface TerraformPlan {
  /** The `pulumi import --file` JSON. */
  importFile: ImportFile;
  /** The instances that move, in the state's order. */
  moved: MovedInstance[];
  /** `terraform state rm` commands, one per moved instance (Terraform then forgets it; no API call). */
  stateRmCommands: string[];
  /** What was left alone, by reason. */
  skipped: {
    /** Data sources (`data.redpanda_cluster.x`): read-only, nothing to import. */
    dataSources: string[];
    /** Other providers' resources. */
    otherProviders: string[];
    /** The vendor's resources of a type this package has no kind for. */
    unmapped: string[];
  };
  /** Values only the state holds, to carry over by hand (docs/adopt.md). */
  carried: CarriedValue[];
}

/**
 * The readable name of an instance: its module path, name and key, Terraform's snake case as
 * words (`module.kafka.redpanda_topic.app_events["clicks"]` → `kafkaAppEventsClicks`).
 */
function readableName(i: StateInstance): string {
  const key = i.indexKey === undefined ? [] : [String(i.indexKey)];
  return [...i.modules, i.name, ...key].join("-").replace(/_/g, "-");
}

/** The plan for every instance of a state (see {@link TerraformPlan}). */
export function planFromTerraform(instances: StateInstance[]): TerraformPlan {
  const names = new NameBook();
  const plan: TerraformPlan = {
    importFile: { resources: [] },
    moved: [],
    stateRmCommands: [],
    skipped: { dataSources: [], otherProviders: [], unmapped: [] },
    carried: [],
  };
  for (const i of instances) {
    if (i.mode === "data") {
      plan.skipped.dataSources.push(i.address);
      continue;
    }
    if (!isVendorProvider(i.provider) || i.mode !== "managed") {
      plan.skipped.otherProviders.push(i.address);
      continue;
    }
    const mapping = BY_TERRAFORM_TYPE.get(i.type);
    if (!mapping) {
      plan.skipped.unmapped.push(i.address);
      continue;
    }
    const importId = mapping.importId(attributesOf(i.attributes, i.address));
    const name = names.claim(readableName(i), mapping.kind);
    plan.importFile.resources.push({
      type: `${PLUGIN_PACKAGE}:index:${mapping.kind}`,
      name,
      id: importId,
    });
    plan.moved.push({ address: i.address, kind: mapping.kind, name, importId });
    plan.stateRmCommands.push(`terraform state rm ${shellQuote(i.address)}`);
    plan.carried.push(...carriedOf(mapping, i.attributes, i.address, name));
  }
  return plan;
}
