//go:build redpanda_policy_overlay

// Added to the Node.js language host (sdk/v3 v3.68.0) at build time by scripts/pulumi-toolchain.sh,
// through `go build -overlay`, with RunPlugin's body in main.go pointed here. That host release
// answers RunPlugin with "not supported", yet the engines we pin (3.248, 3.259) start a policy pack
// whose runtime has a language host (`pulumi preview --policy-pack DIR`, a Node.js pack) only
// through RunPlugin. This runs the pack as a Pulumi release does with its launcher: the script
// `pulumi-analyzer-policy` beside this binary, in the pack's folder, with the engine's arguments.
package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"

	"google.golang.org/protobuf/encoding/protowire"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPluginRequest fields newer engines send that this release's protocol does not declare: they
// arrive as unknown fields (pulumi/language.proto: info = 5, kind = 6; ProgramInfo.program_directory = 2).
const (
	fieldInfo             = 5
	fieldKind             = 6
	fieldProgramDirectory = 2
)

func runPolicyPack(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	kind, dir := newerFields(req.ProtoReflect().GetUnknown())
	if kind != "analyzer" || dir == "" {
		return errors.New("not supported")
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if self, err = filepath.EvalSymlinks(self); err != nil {
		return err
	}
	launcher := filepath.Join(filepath.Dir(self), "pulumi-analyzer-policy")
	// The engine's arguments end with its address; the launcher's program is the pack's folder.
	args := append(append([]string{}, req.GetArgs()...), ".")
	cmd := exec.CommandContext(server.Context(), launcher, args...)
	cmd.Dir = dir
	cmd.Env = req.GetEnv()
	var mu sync.Mutex
	cmd.Stdout = &streamWriter{server: server, mu: &mu}
	cmd.Stderr = &streamWriter{server: server, mu: &mu, stderr: true}
	code := int32(0)
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) || errors.Is(server.Context().Err(), context.Canceled) {
			return err
		}
		code = int32(exit.ExitCode())
	}
	mu.Lock()
	defer mu.Unlock()
	return server.Send(&pulumirpc.RunPluginResponse{
		Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code},
	})
}

// newerFields reads the plugin kind and the program directory from a request's unknown fields.
func newerFields(b []byte) (kind, dir string) {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return kind, dir
		}
		b = b[n:]
		if typ != protowire.BytesType {
			if n = protowire.ConsumeFieldValue(num, typ, b); n < 0 {
				return kind, dir
			}
			b = b[n:]
			continue
		}
		v, n := protowire.ConsumeBytes(b)
		if n < 0 {
			return kind, dir
		}
		b = b[n:]
		switch num {
		case fieldKind:
			kind = string(v)
		case fieldInfo:
			dir = programDirectory(v)
		}
	}
	return kind, dir
}

// programDirectory reads ProgramInfo.program_directory.
func programDirectory(b []byte) string {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return ""
		}
		b = b[n:]
		if num == fieldProgramDirectory && typ == protowire.BytesType {
			v, _ := protowire.ConsumeBytes(b)
			return string(v)
		}
		if n = protowire.ConsumeFieldValue(num, typ, b); n < 0 {
			return ""
		}
		b = b[n:]
	}
	return ""
}

// streamWriter forwards the pack's output to the engine; the two pipes share one stream.
type streamWriter struct {
	server pulumirpc.LanguageRuntime_RunPluginServer
	mu     *sync.Mutex
	stderr bool
}

func (w *streamWriter) Write(p []byte) (int, error) {
	data := append([]byte{}, p...)
	res := &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: data}}
	if w.stderr {
		res = &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: data}}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.server.Send(res); err != nil {
		return 0, err
	}
	return len(p), nil
}
