/**
 * The deletion guard of the kinds that hold data (those that declare `allowDeletion`: clusters,
 * serverless clusters, topics, schemas, shadow links). The resource classes mark them `protect`,
 * so the engine refuses at preview; this is the provider's own refusal, before any API call, for
 * what the engine lets through: state written before the guard existed (never protected), a
 * `protect: false` or `pulumi state unprotect` without `allowDeletion`, and replacements of
 * resources the engine had not protected yet.
 */
import { RedpandaError } from "../errors";
import type { CallContext } from "./context";

/** The input, stored in the outputs as every input is. */
export const ALLOW_KEY = "allowDeletion";

const STACK_LINE = "`pulumi config set redpanda:allowDeletion true`";

/** Whether these props (a program's inputs, or a resource's stored outputs) allow deletion. */
export function deletionAllowed(props: Record<string, unknown>, ctx: CallContext): boolean {
  return props[ALLOW_KEY] === true || ctx.stackAllowsDeletion();
}

/** Whether the resource's own `allowDeletion` changes between the state and the program. */
export function allowanceChanged(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): boolean {
  return (olds[ALLOW_KEY] === true) !== (news[ALLOW_KEY] === true);
}

/** A replacement of a resource that holds data, refused at diff (so at preview). */
export function replaceRefused(label: string, changed: string[]): RedpandaError {
  return new RedpandaError(
    `Refusing to replace ${label}: a change of ${changed.join(", ")} replaces it, which deletes it ` +
      `and its data. Nothing was changed. To allow it, set \`allowDeletion: true\` on the resource ` +
      `(in the same \`pulumi up\` as the change), or run ${STACK_LINE} for the whole stack.`,
  );
}

/** A delete of a resource that holds data, refused before any API call. */
export function deleteRefused(label: string, id: string): RedpandaError {
  return new RedpandaError(
    `Refusing to delete ${label} (id ${id}) and its data: its deletion is not allowed. Nothing was ` +
      `deleted. To allow it, run ${STACK_LINE} for the whole stack, then \`pulumi up\` or ` +
      `\`pulumi destroy --run-program\` (a plain destroy uses the config of the last \`up\`); or ` +
      `set \`allowDeletion: true\` on the resource and run \`pulumi up\` before removing it.`,
  );
}
