// The plugin's errors name its own config keys: a deletion refusal written by the shared runtime
// tells a plugin user to set `redpandacloud:allowDeletion`, the key the plugin reads.
import { grpcError } from "../../../provider/plugin/errors";
import { deleteRefused } from "../../../provider/runtime/deletion";

it("a deletion refusal names the plugin's allowDeletion key", () => {
  const { message } = grpcError(deleteRefused("Topic orders", "orders"));
  expect(message).toContain("`pulumi config set redpandacloud:allowDeletion true`");
  expect(message).not.toMatch(/\bredpanda:allowDeletion/);
});

it("leaves a `redpanda:` text that is no config key as it is", () => {
  const { message } = grpcError(new Error("token redpanda:index/topic:Topic"));
  expect(message).toBe("token redpanda:index/topic:Topic");
});
