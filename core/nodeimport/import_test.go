package nodeimport

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
)

// readDump loads a node dump from testdata: a directory (its files,
// paths relative to it) or a single file. The node is named after it.
func readDump(t testing.TB, rel string) (string, []File) {
	t.Helper()
	root := filepath.Join("testdata", rel)
	fi, err := os.Stat(root)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(root), filepath.Ext(root))
	if !fi.IsDir() {
		data, err := os.ReadFile(root)
		if err != nil {
			t.Fatal(err)
		}
		return name, []File{{Path: filepath.Base(root), Content: string(data)}}
	}
	var files []File
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(root, p)
		files = append(files, File{Path: filepath.ToSlash(r), Content: string(data)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Base(root), files
}

// TestImport runs testdata/import.txt:
//
//	import DUMP            import testdata/DUMP and print what it gave
//	evaluate release=1.30  evaluate the last import's input on a release
func TestImport(t *testing.T) {
	var last *Node
	datadriven.RunTest(t, "testdata/import.txt", func(t *testing.T, d *datadriven.TestData) string {
		switch d.Cmd {
		case "import":
			name, files := readDump(t, d.CmdArgs[0].Key)
			n, err := Import(name, files)
			if err != nil {
				last = nil
				return "error: " + err.Error() + "\n"
			}
			last = n
			return formatNode(n)
		case "evaluate":
			var release string
			d.ScanArgs(t, "release", &release)
			in := last.Input
			in.Release = release
			res, err := kubeletstart.Evaluate(in)
			if err != nil {
				return "evaluation error: " + err.Error() + "\n"
			}
			return formatVerdict(res)
		}
		d.Fatalf(t, "unknown directive %q", d.Cmd)
		return ""
	})
}

func formatNode(n *Node) string {
	var b strings.Builder
	fmt.Fprintf(&b, "node %s", n.Name)
	if n.Release != "" {
		fmt.Fprintf(&b, ", release %s (%s)", n.Release, n.Version)
	}
	if n.ReleaseHint != "" {
		fmt.Fprintf(&b, ", release hint %s", n.ReleaseHint)
	}
	b.WriteString("\nparts:\n")
	for _, p := range n.Parts {
		loc := p.File
		if p.Name != p.File {
			loc += fmt.Sprintf(":%d (%s)", p.Line, p.Name)
		}
		form := string(p.Form)
		if form == "" {
			form = "?"
		}
		fmt.Fprintf(&b, "  %s [%s] %s", loc, form, p.Use)
		if p.ContentLine > 0 {
			fmt.Fprintf(&b, " (content from line %d)", p.ContentLine)
		}
		b.WriteString("\n")
	}
	in := n.Input
	if in.Args != nil {
		b.WriteString("args:\n")
		for _, a := range in.Args {
			fmt.Fprintf(&b, "  %q\n", a)
		}
	}
	if len(in.Env) > 0 {
		b.WriteString("env:\n")
		keys := make([]string, 0, len(in.Env))
		for k := range in.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s=%q\n", k, in.Env[k])
		}
	}
	if in.Config != nil {
		first, _, _ := strings.Cut(in.Config.Content, "\n")
		if len(first) > 60 {
			first = first[:60] + "…"
		}
		fmt.Fprintf(&b, "config %s: %d bytes, first line %q\n", in.Config.Path, len(in.Config.Content), first)
	}
	if in.ConfigDir != "" {
		fmt.Fprintf(&b, "config dir %s:", in.ConfigDir)
		for _, d := range in.DropIns {
			fmt.Fprintf(&b, " %s", d.Path)
		}
		b.WriteString("\n")
	}
	if in.DynamicCheckpoint != nil {
		fmt.Fprintf(&b, "dynamic checkpoint %s\n", in.DynamicCheckpoint.Path)
	}
	for _, m := range n.Missing {
		fmt.Fprintf(&b, "missing %s\n", m)
	}
	for _, d := range n.Diagnostics {
		fmt.Fprintf(&b, "%s %s: %s\n", d.Severity, d.Where(), d.Message)
	}
	for _, note := range n.Notes {
		fmt.Fprintf(&b, "note: %s\n", note)
	}
	return b.String()
}

func formatVerdict(res *kubeletstart.Result) string {
	var b strings.Builder
	if res.WouldStart {
		b.WriteString("would start\n")
	} else {
		fmt.Fprintf(&b, "would not start (stage %s): %s\n", res.Stage, res.Error)
	}
	for _, g := range res.Gates {
		if g.Source == "default" && g.Problem == "" {
			continue
		}
		fmt.Fprintf(&b, "  %s=%t from %s", g.Name, g.Enabled, g.Source)
		if g.SourcePath != "" {
			fmt.Fprintf(&b, " %s:%d", g.SourcePath, g.SourceLine)
		}
		b.WriteString("\n")
	}
	return b.String()
}
