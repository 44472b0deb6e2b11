// Command pulumi-language-python is what scripts/language-hosts.sh puts beside `pulumi` as the
// Python language host: a launcher for the host it builds (sdk/v3 v3.68.0, placed beside it as
// pulumi-language-python-host), which reads a program's runtime options only from its command
// line. Engines passed them there (`-<option>=<value> ... -root=<project folder>`) up to CLI
// 3.208; from 3.209 they send them only inside each request, where that host does not look, so
// `runtime.options.virtualenv` went unread and the program ran on whatever `python3` was on PATH.
// The launcher reads the runtime options of the project the engine starts the host in (the
// nearest Pulumi.yaml, .yml or .json from the working folder up, as the CLI finds it) and passes
// them as those engines did. Options that host cannot honour stop it with a message, rather than
// being dropped. Without a project file, or when the engine already passed -root, it adds nothing.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"gopkg.in/yaml.v3"
)

// hostName is the built host's file name; it must sit beside the launcher, where it also finds
// its pulumi-language-python-exec.
const hostName = "pulumi-language-python-host"

// projectFiles are the project file names the CLI accepts, in its order of preference.
var projectFiles = []string{"Pulumi.json", "Pulumi.yaml", "Pulumi.yml"}

// runtimeInfo is a project's `runtime:`, either `python` or `{name: python, options: {...}}`.
type runtimeInfo struct {
	Options map[string]any
}

func (r *runtimeInfo) UnmarshalYAML(node *yaml.Node) error {
	if node.Kind == yaml.ScalarNode {
		return nil
	}
	var long struct {
		Options map[string]any `yaml:"options"`
	}
	if err := node.Decode(&long); err != nil {
		return err
	}
	r.Options = long.Options
	return nil
}

// findProject walks up from dir to the nearest project file; "" when there is none.
func findProject(dir string) string {
	for {
		for _, name := range projectFiles {
			candidate := filepath.Join(dir, name)
			if info, err := os.Stat(candidate); err == nil && !info.IsDir() {
				return candidate
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// hostFlags are the flags the v3.68.0 host takes for the project's runtime options.
func hostFlags(projectFile string) ([]string, error) {
	text, err := os.ReadFile(projectFile)
	if err != nil {
		return nil, err
	}
	var project struct {
		Runtime runtimeInfo `yaml:"runtime"`
	}
	if err := yaml.Unmarshal(text, &project); err != nil {
		return nil, fmt.Errorf("reading %s: %w", projectFile, err)
	}
	root, err := filepath.Abs(filepath.Dir(projectFile))
	if err != nil {
		return nil, err
	}
	flags := []string{}
	keys := make([]string, 0, len(project.Runtime.Options))
	for key := range project.Runtime.Options {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		value := project.Runtime.Options[key]
		switch {
		case key == "virtualenv":
			path, ok := value.(string)
			if !ok {
				return nil, errors.New("runtime.options.virtualenv must be a string (a folder)")
			}
			flags = append(flags, "-virtualenv="+path)
		case key == "toolchain" && value == "pip":
			// A venv filled by pip is what this host runs; nothing to pass.
		default:
			return nil, fmt.Errorf("runtime.options.%s: %v in %s is not supported by this Python "+
				"language host (sdk v3.68.0, built by scripts/language-hosts.sh), which knows only "+
				"`virtualenv` (a venv filled by pip); run the program with a current Pulumi install's "+
				"host", key, value, projectFile)
		}
	}
	return append(flags, "-root="+filepath.Clean(root)), nil
}

// rootGiven reports whether the engine passed the project's root (and so its options) itself.
func rootGiven(args []string) bool {
	for _, arg := range args {
		name := strings.TrimLeft(arg, "-")
		if strings.HasPrefix(arg, "-") && (name == "root" || strings.HasPrefix(name, "root=")) {
			return true
		}
	}
	return false
}

func run() error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	host := filepath.Join(filepath.Dir(self), hostName)
	args := os.Args[1:]
	if !rootGiven(args) {
		cwd, err := os.Getwd()
		if err != nil {
			return err
		}
		if project := findProject(cwd); project != "" {
			flags, err := hostFlags(project)
			if err != nil {
				return err
			}
			args = append(flags, args...)
		}
	}
	return syscall.Exec(host, append([]string{host}, args...), os.Environ())
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-python: %v\n", err)
		os.Exit(1)
	}
}
