package catalog

import (
	"errors"
	"fmt"
	"strings"
)

// The line grammar the catalogs' data files share with the other per-release
// data embedded beside them (core/featuregate/components): comments ("#…")
// and blank lines anywhere, then a header "release X.Y patch X.Y.Z" whose
// release follows the previous file's, then one change per line — "-Name"
// drops a gate, "+Name …" adds or replaces one — each gate changed at most
// once.

// DeltaLine is one change line.
type DeltaLine struct {
	Remove bool
	// Text is what follows the "+" or "-".
	Text string
}

// ScanDelta reads a data file named name (for messages) that follows
// prevRelease ("" for the first file), checks the header and the shared
// rules, and hands each change line to fn, which returns the gate it
// changes. It returns the header's release and patch. Errors carry the
// file and line.
func ScanDelta(name string, data []byte, prevRelease string, fn func(l DeltaLine) (gate string, err error)) (release, patch string, err error) {
	// One string for the file, which the lines and the gate names they
	// hold share, and a map sized for its lines: decoding an older
	// release decodes every delta before it (for a page's first
	// evaluation of that release).
	text := string(data)
	touched := make(map[string]int, strings.Count(text, "\n")+1)
	header := false
	lineNo := 0
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		lineNo++
		line = strings.TrimRight(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, args...))
		}
		if !header {
			f := strings.Fields(line)
			switch {
			case len(f) != 4 || f[0] != "release" || f[2] != "patch":
				return "", "", errf("want header %q, got %q", "release X.Y patch X.Y.Z", line)
			case !IsRelease(f[1]):
				return "", "", errf("bad release %q", f[1])
			case !strings.HasPrefix(f[3], f[1]+"."):
				return "", "", errf("patch %q is not a patch of %q", f[3], f[1])
			case prevRelease != "" && compareMinor(f[1], prevRelease) <= 0:
				return "", "", errf("release %s does not follow %s", f[1], prevRelease)
			}
			release, patch, header = f[1], f[3], true
			continue
		}
		var l DeltaLine
		switch line[0] {
		case '-':
			l = DeltaLine{Remove: true, Text: line[1:]}
			if !validName(l.Text) {
				return "", "", errf("bad gate name %q", l.Text)
			}
		case '+':
			l = DeltaLine{Text: line[1:]}
		default:
			return "", "", errf("line must start with '+', '-' or '#': %q", line)
		}
		gate, err := fn(l)
		if err != nil {
			return "", "", errf("%v", err)
		}
		if at, dup := touched[gate]; dup {
			return "", "", errf("%s already changed on line %d", gate, at)
		}
		touched[gate] = lineNo
	}
	if !header {
		return "", "", fmt.Errorf("%s: %w", name, errNoHeader)
	}
	return release, patch, nil
}

var errNoHeader = errors.New("no release header")
