package nodeimport

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
)

// File is one file of a node dump: its path inside the dump (relative to
// the node's directory, or the bundle file's name) and its content.
type File struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// Bounds of one node dump. Larger inputs are refused with an error.
const (
	// MaxFileSize is the largest file (1 MiB).
	MaxFileSize = 1 << 20
	// MaxFiles is the most files one node dump may hold.
	MaxFiles = 64
	// MaxSections is the most inputs (files and bundle sections) of one node.
	MaxSections = 256
)

// DefaultConfigPath is where kubeadm writes the kubelet's config file; a
// configuration found without a command line is given this path.
const DefaultConfigPath = "/var/lib/kubelet/config.yaml"

// Node is one node's kubelet as its dump shows it.
type Node struct {
	Name string `json:"name"`
	// Release and Version are what `kubelet --version` says ("1.30",
	// "v1.30.2"); empty when the dump does not state it.
	Release string `json:"release,omitempty"`
	Version string `json:"version,omitempty"`
	// ReleaseHint is a weaker clue: the 1.X of kubeadm's versioned
	// ConfigMap name (the release kubeadm set the cluster up with).
	ReleaseHint string `json:"releaseHint,omitempty"`
	// Input is what core/kubeletstart evaluates; its Release is left for
	// the caller to choose.
	Input kubeletstart.Input `json:"input"`
	// Parts lists every input found, its form and what the import made of it.
	Parts []Part `json:"parts"`
	// Missing names files the kubelet would read that the dump lacks: the
	// evaluation reports them missing, which may not be true on the node.
	Missing     []string     `json:"missing,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Notes       []string     `json:"notes"`
}

// Part is one input of a dump.
type Part struct {
	// Name is the input's path on the node (or a label: "ps",
	// "kubelet --version"); File and Line locate it in the dump.
	Name string `json:"name"`
	File string `json:"file"`
	Line int    `json:"line"`
	Form Form   `json:"form,omitempty"`
	// Use says what the import made of it: "command line", "config
	// file", "drop-in", "environment", "release", or why it is unused.
	Use string `json:"use"`
	// ContentLine is the dump line where the first line of the text
	// handed to the model (Input.Config, a drop-in) is: the model's
	// diagnostics count lines from there.
	ContentLine int `json:"contentLine,omitempty"`
	// KubeletPath is the path the kubelet reads this input as, when the
	// import hands it to the model as a file (the --config file, a
	// drop-in, the dynamic checkpoint): the paths of the model's
	// diagnostics and gate sources. With ContentLine it maps a place the
	// model reports back to the dump.
	KubeletPath string `json:"kubeletPath,omitempty"`
	// CommandLine is true for the input the kubelet's argv comes from.
	CommandLine bool `json:"commandLine,omitempty"`
}

// parsed is a section with its form and what reading it gave.
type parsed struct {
	sec  section
	form Form
	part int // index in Node.Parts

	args    []string
	env     map[string]string
	units   []unitFile
	release string
	version string
	config  string // KubeletConfiguration text for the model
	line    int    // dump line of config's first line (0: none)
}

// Import reads one node's dump: the files of its directory, or a single
// bundle file (see splitBundle), and fills the inputs of a start-up
// evaluation. Inputs are recognised by content (recognize); an input that
// is recognised but malformed, two different kubelet command lines, or a
// dump over the bounds is an error naming the form and the place.
func Import(name string, files []File) (*Node, error) {
	if len(files) > MaxFiles {
		return nil, &Error{Path: name, Msg: fmt.Sprintf("%d files: a node dump holds at most %d", len(files), MaxFiles)}
	}
	sorted := slices.Clone(files)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	var secs []section
	for _, f := range sorted {
		if len(f.Content) > MaxFileSize {
			return nil, &Error{Path: f.Path, Msg: fmt.Sprintf("%d bytes: a file of a node dump holds at most %d", len(f.Content), MaxFileSize)}
		}
		secs = append(secs, splitBundle(f.Path, f.Content)...)
	}
	if len(secs) > MaxSections {
		return nil, &Error{Path: name, Msg: fmt.Sprintf("%d inputs: a node dump holds at most %d", len(secs), MaxSections)}
	}
	n := &Node{Name: name, Parts: []Part{}, Diagnostics: []Diagnostic{}, Notes: []string{}}
	var ps []*parsed
	for _, s := range secs {
		p, err := n.read(s)
		if err != nil {
			return nil, locate(err, s)
		}
		ps = append(ps, p)
	}
	if err := n.assemble(ps); err != nil {
		return nil, err
	}
	return n, nil
}

// read recognises and parses one section.
func (n *Node) read(s section) (*parsed, error) {
	p := &parsed{sec: s, form: recognize(s), part: len(n.Parts)}
	n.Parts = append(n.Parts, Part{Name: s.name, File: s.file, Line: s.line, Form: p.form})
	switch p.form {
	case KubeletVersion:
		p.release, p.version, _ = kubeletVersion(s.content)
	case ProcCmdline:
		p.args, _ = procCmdline(s.content)
	case ProcEnviron:
		p.env, _ = procEnviron(s.content)
	case PS:
		var lines []string
		for _, l := range strings.Split(s.content, "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) > 1 {
			return nil, &Error{Form: PS, Path: s.name, Line: 2, Msg: fmt.Sprintf("%d kubelet processes: a node dump describes one kubelet", len(lines))}
		}
		p.args, _ = psArgs(lines[0])
	case SystemdUnit:
		files := []File{{Path: s.name, Content: s.content}}
		if first, _, _ := strings.Cut(strings.TrimSpace(s.content), "\n"); isUnitHeaderLine(strings.TrimSpace(first)) {
			files = splitSystemctlCat(s.content)
		}
		for _, f := range files {
			u, diags, err := parseUnit(f.Path, []byte(f.Content))
			if err != nil {
				if e, ok := err.(*Error); ok && len(files) > 1 {
					e.Line += headerOffset(s.content, f.Path)
					e.Path = s.name
				}
				return nil, err
			}
			for i := range diags {
				if len(files) > 1 {
					diags[i].Line += headerOffset(s.content, f.Path)
				}
			}
			n.diag(s, diags...)
			p.units = append(p.units, u)
		}
	case Configz:
		c, err := parseConfigz(s.name, []byte(s.content))
		if err != nil {
			return nil, err
		}
		p.config, p.line = c.content, s.line+c.line-1
		if c.typed {
			n.Notes = append(n.Notes, fmt.Sprintf("%s names apiVersion and kind: kubelets print them in configz from 1.36", s.name))
		}
	case KubeadmConfigMap:
		cm, err := parseKubeadmConfigMap(s.name, []byte(s.content))
		if err != nil {
			return nil, err
		}
		p.config, p.release = cm.content, cm.release
		if cm.line > 0 {
			p.line = s.line + cm.line - 1
		}
		if cm.name != "kubelet-config" && cm.release == "" {
			n.Notes = append(n.Notes, fmt.Sprintf("%s: ConfigMap %q is not named like kubeadm's (kubelet-config, or kubelet-config-1.X up to 1.24)", s.name, cm.name))
		}
	case KubeletConfig:
		p.config, p.line = s.content, s.line
	case "":
		// Unknown content may still be a file the kubelet or systemd
		// reads by path (a drop-in without kind, an empty
		// EnvironmentFile); assemble decides.
		p.config, p.line = s.content, s.line
	}
	return p, nil
}

// headerOffset is the line of a `systemctl cat` file's header within the
// section, so that a file's line L is the section's line L+offset.
func headerOffset(content, file string) int {
	for i, l := range strings.Split(content, "\n") {
		if p, ok := unitHeader(strings.TrimRight(l, "\r")); ok && p == file {
			return i + 1
		}
	}
	return 0
}

// locate turns an error inside a bundle section into a place in the dump file.
func locate(err error, s section) error {
	e, ok := err.(*Error)
	if !ok || s.name == s.file {
		return err
	}
	e.Section = s.name
	e.Path = s.file
	if e.Line > 0 {
		e.Line += s.line - 1
	}
	return e
}

func (n *Node) diag(s section, ds ...Diagnostic) {
	for _, d := range ds {
		if s.name != s.file {
			d.Section = s.name
			d.Path = s.file
			if d.Line > 0 {
				d.Line += s.line - 1
			}
		}
		n.Diagnostics = append(n.Diagnostics, d)
	}
}

func (n *Node) use(p *parsed, use string) {
	n.Parts[p.part].Use = use
}

func (n *Node) note(format string, a ...any) {
	n.Notes = append(n.Notes, fmt.Sprintf(format, a...))
}
