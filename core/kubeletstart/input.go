package kubeletstart

import (
	"fmt"
	"path"
	"strings"
)

// Input is everything a start-up evaluation reads. Files live in a virtual
// file system: nothing is read from the real disk.
type Input struct {
	// Release is the kubelet's minor release, "1.30".
	Release string `json:"release"`
	// CommandLine is the kubelet command line as one string, split like a
	// shell would (quotes, backslashes, line continuations). A leading
	// binary name ("/usr/bin/kubelet", "ExecStart=/usr/bin/kubelet") is
	// dropped; $VAR and ${VAR} expand from Env or disappear like an unset
	// systemd variable. Ignored when Args is set.
	CommandLine string `json:"commandLine,omitempty"`
	// Args is the argv after the binary name.
	Args []string `json:"args,omitempty"`
	// Config is the file --config names. With an empty Path it answers any
	// --config; without --config on the command line, --config=<Path> is
	// implied (and a note says so).
	Config *File `json:"config,omitempty"`
	// ConfigDir is the directory --config-dir names; DropIns are its files,
	// paths relative to it or absolute below it.
	ConfigDir string `json:"configDir,omitempty"`
	DropIns   []File `json:"dropIns,omitempty"`
	// Env is the process environment (KUBELET_CONFIG_DROPIN_DIR_ALPHA for
	// 1.28–1.29, variables of the command line).
	Env map[string]string `json:"env,omitempty"`
	// DynamicCheckpoint is the checkpointed dynamic config (1.18–1.23) the
	// controller would use with --dynamic-config-dir.
	DynamicCheckpoint *File `json:"dynamicCheckpoint,omitempty"`
}

// File is one file of the virtual file system.
type File struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

const (
	defaultConfigPath = "/var/lib/kubelet/config.yaml"
	defaultConfigDir  = "/etc/kubernetes/kubelet.conf.d"
)

// SplitCommandLine splits a command line like a POSIX shell without
// running anything: single quotes are literal, double quotes allow
// backslash escapes, a backslash-newline joins lines. It reports unclosed
// quotes. The notes say what was dropped or expanded.
func SplitCommandLine(s string, env map[string]string) (args, notes []string, err error) {
	var cur strings.Builder
	inWord := false
	quote := byte(0)
	flush := func() {
		if inWord {
			args = append(args, cur.String())
		}
		cur.Reset()
		inWord = false
	}
	expand := func(i int) int {
		// $NAME or ${NAME}; returns the index after it.
		j := i + 1
		braced := j < len(s) && s[j] == '{'
		if braced {
			j++
		}
		start := j
		for j < len(s) && (s[j] == '_' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
			j++
		}
		name := s[start:j]
		if braced && j < len(s) && s[j] == '}' {
			j++
		}
		if name == "" {
			cur.WriteByte('$')
			inWord = true
			return i + 1
		}
		if v, ok := env[name]; ok {
			cur.WriteString(v)
			inWord = inWord || v != ""
			notes = append(notes, fmt.Sprintf("$%s expanded from the environment", name))
		} else {
			notes = append(notes, fmt.Sprintf("$%s is not set and expands to nothing", name))
		}
		return j
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
			i++
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
				i++
			case c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0:
				if s[i+1] != '\n' {
					cur.WriteByte(s[i+1])
				}
				i += 2
			case c == '$':
				i = expand(i)
			default:
				cur.WriteByte(c)
				i++
			}
		case c == '\\':
			if i+1 < len(s) {
				if s[i+1] != '\n' {
					cur.WriteByte(s[i+1])
					inWord = true
				}
				i += 2
			} else {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
			inWord = true
			i++
		case c == '$':
			i = expand(i)
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush()
			i++
		default:
			cur.WriteByte(c)
			inWord = true
			i++
		}
	}
	if quote != 0 {
		return nil, notes, fmt.Errorf("unterminated %c quote in the command line", quote)
	}
	flush()
	if len(args) > 0 {
		first := strings.TrimPrefix(args[0], "ExecStart=")
		if !strings.HasPrefix(first, "-") && path.Base(first) == "kubelet" || strings.HasSuffix(first, "/kubelet") || first == "kubelet.exe" {
			notes = append(notes, fmt.Sprintf("%q is the binary name, not an argument", args[0]))
			args = args[1:]
		}
	}
	return args, notes, nil
}

// absPath is filepath.Abs with "/" as the working directory.
func absPath(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Clean("/" + p)
}
