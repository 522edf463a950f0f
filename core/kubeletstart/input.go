package kubeletstart

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"
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
	w, err := splitWords(s, env)
	if err != nil {
		return nil, w.notes, err
	}
	return w.args, w.notes, nil
}

// words is a split command line: the arguments, and for every byte of
// each the offset in the text it came from (an expanded variable's bytes
// all come from its "$"), so that diagnostics can point into the text.
type words struct {
	text  string
	args  []string
	offs  [][]int
	notes []string
}

// splitter is the state of splitWords: the word being built.
type splitter struct {
	words
	env    map[string]string
	cur    []byte
	curOff []int
	inWord bool
}

func (sp *splitter) add(c byte, at int) {
	sp.cur = append(sp.cur, c)
	sp.curOff = append(sp.curOff, at)
	sp.inWord = true
}

func (sp *splitter) flush() {
	if sp.inWord {
		sp.args = append(sp.args, string(sp.cur))
		sp.offs = append(sp.offs, sp.curOff)
	}
	sp.cur, sp.curOff, sp.inWord = nil, nil, false
}

// expand reads $NAME or ${NAME} at i and returns the index after it.
func (sp *splitter) expand(i int) int {
	s := sp.text
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
		sp.add('$', i)
		return i + 1
	}
	if v, ok := sp.env[name]; ok {
		for k := 0; k < len(v); k++ {
			sp.add(v[k], i)
		}
		sp.notes = append(sp.notes, fmt.Sprintf("$%s expanded from the environment", name))
	} else {
		sp.notes = append(sp.notes, fmt.Sprintf("$%s is not set and expands to nothing", name))
	}
	return j
}

// step reads the text at i outside quotes and returns the index after
// what it read and the quote it opened, if any.
func (sp *splitter) step(i int) (int, byte) {
	s := sp.text
	switch c := s[i]; {
	case c == '\\':
		if i+1 < len(s) && s[i+1] != '\n' {
			sp.add(s[i+1], i+1)
		}
		return min(i+2, len(s)), 0
	case c == '\'' || c == '"':
		sp.inWord = true
		return i + 1, c
	case c == '$':
		return sp.expand(i), 0
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		sp.flush()
		return i + 1, 0
	default:
		sp.add(c, i)
		return i + 1, 0
	}
}

// quoted reads the text at i inside quote and returns the index after
// what it read and the quote still open.
func (sp *splitter) quoted(i int, quote byte) (int, byte) {
	s := sp.text
	c := s[i]
	switch {
	case c == quote:
		return i + 1, 0
	case quote == '\'':
		sp.add(c, i)
	case c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`\n", s[i+1]) >= 0:
		if s[i+1] != '\n' {
			sp.add(s[i+1], i+1)
		}
		return i + 2, quote
	case c == '$':
		return sp.expand(i), quote
	default:
		sp.add(c, i)
	}
	return i + 1, quote
}

// splitWords is SplitCommandLine keeping where each byte came from.
func splitWords(s string, env map[string]string) (words, error) {
	sp := &splitter{words: words{text: s}, env: env}
	quote := byte(0)
	for i := 0; i < len(s); {
		if quote != 0 {
			i, quote = sp.quoted(i, quote)
		} else {
			i, quote = sp.step(i)
		}
	}
	if quote != 0 {
		return sp.words, fmt.Errorf("unterminated %c quote in the command line", quote)
	}
	sp.flush()
	if len(sp.args) > 0 {
		first := strings.TrimPrefix(sp.args[0], "ExecStart=")
		if !strings.HasPrefix(first, "-") && path.Base(first) == "kubelet" || strings.HasSuffix(first, "/kubelet") || first == "kubelet.exe" {
			sp.notes = append(sp.notes, quoteString(sp.args[0])+" is the binary name, not an argument")
			sp.args, sp.offs = sp.args[1:], sp.offs[1:]
		}
	}
	return sp.words, nil
}

// span locates bytes [from, to) of argument i in the text; a zero Span
// when the argument is not from the text (the model appended it).
func (w *words) span(i, from, to int) Span {
	if w == nil || i < 0 || i >= len(w.offs) || from < 0 || to > len(w.offs[i]) || from >= to {
		return Span{}
	}
	start, end := w.offs[i][from], w.offs[i][to-1]+1
	l, c := textPosition(w.text, start)
	el, ec := textPosition(w.text, end)
	return Span{Line: l, Column: c, EndLine: el, EndColumn: ec}
}

// arg locates argument i as a whole.
func (w *words) arg(i int) Span {
	if w == nil || i < 0 || i >= len(w.args) {
		return Span{}
	}
	return w.span(i, 0, len(w.args[i]))
}

// textPosition is the 1-based line and column (in characters) of byte
// offset off of text.
func textPosition(text string, off int) (line, col int) {
	before := text[:off]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// isCleanAbs reports whether path.Clean(p) is p for an absolute p: no
// empty, "." or ".." element and no trailing slash, or "/" itself.
func isCleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if len(p) < 2 || p[0] != '/' || p[len(p)-1] == '/' {
		return false
	}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if el := p[start:i]; el == "" || el == "." || el == ".." {
			return false
		}
		start = i + 1
	}
	return true
}

// absPath is filepath.Abs with "/" as the working directory.
func absPath(p string) string {
	if isCleanAbs(p) {
		// The usual path (/var/lib/kubelet/config.yaml) is its own
		// result; path.Clean is compiled only for the others (issue 15).
		return p
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Clean("/" + p)
}

// dashed is a flag name as cliflag.WordSepNormalizeFunc normalizes it:
// "_" becomes "-". Most names have none, and strings.ReplaceAll is 5 kB of
// code for the browser to compile in a first evaluation (issue 15).
func dashed(name string) string {
	if strings.IndexByte(name, '_') < 0 {
		return name
	}
	return strings.ReplaceAll(name, "_", "-")
}

// quoteString is %q of a string (strconv.Quote, without fmt on an evaluation's
// path). The strings it quotes in a first evaluation are plain ASCII,
// which need none of strconv's escaping code.
func quoteString(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return strconv.Quote(s)
		}
	}
	return `"` + s + `"`
}
