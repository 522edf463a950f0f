package nodeimport

import (
	"strings"
)

// section is a piece of a dump file that holds one input: the whole file,
// a part of a bundle after a "==> NAME <==" header, or one of the leading
// command outputs of a bundle.
type section struct {
	name string // the file's path, the header's NAME, or a label
	// file and line locate the section in the dump: line is where its
	// first line is (1 for a whole file).
	file    string
	line    int
	content string
	// hint is the form the split already knows (leading outputs).
	hint Form
}

// splitBundle cuts a dump file into sections.
//
// A bundle is what one shell command on the node prints:
//
//	kubelet --version
//	ps -ww -o args= -C kubelet
//	systemctl cat kubelet
//	tail -v -n +1 FILE...
//
// tail prints every FILE after a "==> FILE <==" line (and an empty line
// between files); the text before the first such header holds the other
// outputs: a "Kubernetes vX.Y.Z" line, kubelet process lines, then the
// unit files, each after the "# /path" line systemctl cat prints. A file
// without headers whose first line is none of those is one section.
func splitBundle(file, data string) []section {
	lines := strings.SplitAfter(data, "\n")
	var secs []section
	head := -1 // index of the current header
	start := 0
	flush := func(end int) {
		text := strings.Join(lines[start:end], "")
		if head < 0 {
			secs = append(secs, splitPreamble(file, text)...)
			return
		}
		name := strings.TrimSuffix(strings.TrimPrefix(strings.TrimRight(lines[head], "\r\n"), "==> "), " <==")
		// tail separates files with an empty line.
		if end < len(lines) && strings.HasSuffix(text, "\n\n") {
			text = text[:len(text)-1]
		}
		secs = append(secs, section{name: name, file: file, line: start + 1, content: text})
	}
	for i, l := range lines {
		t := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(t, "==> ") && strings.HasSuffix(t, " <==") && len(t) > len("==>  <==") {
			flush(i)
			head, start = i, i+1
		}
	}
	flush(len(lines))
	var out []section
	for _, s := range secs {
		if strings.TrimSpace(s.content) != "" || s.name != file {
			out = append(out, s)
		}
	}
	return out
}

// splitPreamble splits the text before the first tail header into the
// outputs of kubelet --version, ps and systemctl cat, if that is what it
// holds; otherwise it is one section named after the file.
func splitPreamble(file, text string) []section {
	whole := []section{{name: file, file: file, line: 1, content: text}}
	lines := strings.SplitAfter(text, "\n")
	var out []section
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "Kubernetes v"):
			if _, _, ok := kubeletVersion(t); !ok {
				return whole
			}
			out = append(out, section{name: "kubelet --version", file: file, line: i + 1, content: l, hint: KubeletVersion})
		case isUnitHeaderLine(t):
			out = append(out, section{name: "systemctl cat", file: file, line: i + 1, content: strings.Join(lines[i:], ""), hint: SystemdUnit})
			return out
		default:
			if _, ok := psArgs(t); !ok || strings.HasPrefix(t, "ExecStart") {
				return whole
			}
			out = append(out, section{name: "ps", file: file, line: i + 1, content: l, hint: PS})
		}
	}
	if len(out) == 0 {
		return whole
	}
	return out
}

func isUnitHeaderLine(t string) bool {
	_, ok := unitHeader(t)
	return ok
}
