package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestTranscripts runs the CLI transcripts in testdata/cli/*.txt, each
// command in-process. Rewrite them with go test ./cmd/kubexplorer -rewrite,
// then read the diff.
//
//	file name=NAME
//	<content>
//	    writes $TMP/NAME (directories are created)
//
//	run [tty] [env=K=V] [lines=N]
//	kubexplorer ARGS…
//	    runs the command line (words split like a shell: '…' and "…"
//	    quote); prints stdout, then "--- stderr" and stderr when there is
//	    any, then "--- exit N". tty makes stdout and stderr terminals (for
//	    colour); env sets a variable; lines=N keeps stdout's first N lines.
//	    $NODES and $BROKEN are core/nodeimport's node dumps, $TMP the
//	    test's directory.
func TestTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata/cli", func(t *testing.T, path string) {
		tmp := t.TempDir()
		subst := strings.NewReplacer(
			"$NODES", filepath.Join("..", "..", "core", "nodeimport", "testdata", "nodes"),
			"$BROKEN", filepath.Join("..", "..", "core", "nodeimport", "testdata", "broken"),
			"$TMP", tmp)
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "file":
				var name string
				d.ScanArgs(t, "name", &name)
				p := filepath.Join(tmp, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(d.Input+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return ""
			case "run":
			default:
				d.Fatalf(t, "unknown directive %q", d.Cmd)
			}
			env := map[string]string{}
			tty := false
			lines := 0
			for _, a := range d.CmdArgs {
				switch a.Key {
				case "tty":
					tty = true
				case "env":
					k, v, _ := strings.Cut(a.Vals[0], "=")
					env[k] = v
				case "lines":
					fmt.Sscan(a.Vals[0], &lines)
				default:
					d.Fatalf(t, "unknown argument %q", a.Key)
				}
			}
			words, err := splitWords(subst.Replace(d.Input))
			if err != nil || len(words) == 0 || words[0] != "kubexplorer" {
				d.Fatalf(t, "want a kubexplorer command line: %v", err)
			}
			var out, errb bytes.Buffer
			cenv := &cliEnv{stdout: &out, stderr: &errb, getenv: func(k string) string { return env[k] },
				terminal: func(io.Writer) bool { return tty }}
			status := run(cenv, words[1:])
			// Paths of the test's directory are not stable.
			o := strings.ReplaceAll(out.String(), tmp, "$TMP")
			e := strings.ReplaceAll(errb.String(), tmp, "$TMP")
			if lines > 0 {
				ls := strings.SplitAfter(o, "\n")
				if n := len(ls) - 1; n > lines {
					o = strings.Join(ls[:lines], "") + fmt.Sprintf("… (%d more lines)\n", n-lines)
				}
			}
			var b strings.Builder
			b.WriteString(o)
			if e != "" {
				b.WriteString("--- stderr\n" + e)
			}
			fmt.Fprintf(&b, "--- exit %d\n", status)
			return b.String()
		})
	})
}

// splitWords splits a command line into words: whitespace separates,
// '…' and "…" quote.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0 && ch == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote, in = ch, true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(ch)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c", quote)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
