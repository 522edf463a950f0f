package gates

import (
	"errors"

	"github.com/kubexplorer/kubexplorer/core/kubeletstart"
	"github.com/kubexplorer/kubexplorer/core/nodeimport"
	"github.com/kubexplorer/kubexplorer/explorer"
)

// ImportRequest is one node's dump (docs/node-dumps.md): the files of its
// directory, paths relative to it and any layout, or one bundle file.
type ImportRequest struct {
	// Node names the node; empty means "node".
	Node  string `json:"node,omitempty"`
	Files []File `json:"files"`
}

// ImportReply is what a node dump holds and the start-up inputs it fills.
type ImportReply struct {
	Node string `json:"node"`
	// Release and Version are what `kubelet --version` states ("1.30",
	// "v1.30.2"); empty when the dump does not state it.
	Release string `json:"release,omitempty"`
	Version string `json:"version,omitempty"`
	// ReleaseHint is a weaker clue: the 1.X of kubeadm's versioned
	// ConfigMap name.
	ReleaseHint string `json:"releaseHint,omitempty"`
	// Request is the filled inputs as a gates.evaluate request (the argv in
	// args); its release is the dump's, empty when the dump states none.
	Request EvaluateRequest `json:"request"`
	// Parts lists every input of the dump: its form, where it is, what
	// the import made of it.
	Parts []Part `json:"parts"`
	// Missing names files the kubelet reads that the dump lacks.
	Missing []string `json:"missing,omitempty"`
	// Diagnostics are warnings about the dump (input "files", the dump's
	// path and line): what systemd or the kubelet would silently skip
	// (gates.dump), the files the kubelet reads that the dump lacks
	// (gates.missing).
	Diagnostics []explorer.Diagnostic `json:"diagnostics"`
	// Notes explain the import's choices (which input stands in for
	// which).
	Notes []string `json:"notes"`
}

// Part is one input of a node dump (core/nodeimport).
type Part = nodeimport.Part

// Codes of the diagnostics about node dumps (gates.import, gates.check).
const (
	// CodeImport is a node dump that cannot be read: a recognised form that
	// is malformed (the message names it), two kubelet command lines, a
	// dump over the bounds.
	CodeImport = "gates.import"
	// CodeDump is something in a dump that systemd or the kubelet silently
	// skips (an "export" line in an environment file, a unit that differs
	// from the running process).
	CodeDump = "gates.dump"
	// CodeMissing is a file the kubelet reads that the dump lacks.
	CodeMissing = "gates.missing"
	// CodeRelease is a dump that states no release when no default was
	// given, or one the explorer does not model.
	CodeRelease = "gates.release"
)

// InputFiles is the input of diagnostics about a dump's files.
const InputFiles = "files"

// Import reads one node dump: the gates.import method. A dump that cannot
// be read is a bad_request whose diagnostic names the form, the file, the
// line and the column.
func Import(r ImportRequest) (ImportReply, error) {
	if len(r.Files) == 0 {
		return ImportReply{}, explorer.InvalidField(InputFiles, "files: a node dump has at least one file")
	}
	name := r.Node
	if name == "" {
		name = "node"
	}
	n, err := nodeimport.Import(name, nodeFiles(r.Files))
	if err != nil {
		return ImportReply{}, importError(err, InputFiles, "")
	}
	reply := ImportReply{Node: n.Name, Release: n.Release, Version: n.Version, ReleaseHint: n.ReleaseHint,
		Request: requestOf(n.Input), Parts: n.Parts, Missing: n.Missing, Diagnostics: []explorer.Diagnostic{}, Notes: n.Notes}
	reply.Request.Release = n.Release
	for _, d := range n.Diagnostics {
		reply.Diagnostics = append(reply.Diagnostics, explorer.Diagnostic{Severity: explorer.Severity(d.Severity), Code: CodeDump,
			Message: d.Message, Input: InputFiles, Path: d.Path, Line: d.Line, Column: d.Column})
	}
	for _, m := range n.Missing {
		reply.Diagnostics = append(reply.Diagnostics, explorer.Diagnostic{Severity: explorer.SeverityWarning, Code: CodeMissing,
			Message: "the dump lacks " + m + ", which the kubelet reads: the evaluation reports it missing", Input: InputFiles})
	}
	return reply, nil
}

// importError is the bad_request of a dump that cannot be read; dir
// prefixes the path (a node's directory within a fleet).
func importError(err error, input, dir string) *explorer.Error {
	d := explorer.DiagnosticOf(err, input, CodeImport)
	var ie *nodeimport.Error
	if errors.As(err, &ie) {
		d.Message, d.Path = ie.Detail(), joinPath(dir, ie.Path)
	}
	return explorer.Invalid([]explorer.Diagnostic{d}, "%v", err)
}

func nodeFiles(fs []File) []nodeimport.File {
	out := make([]nodeimport.File, len(fs))
	for i, f := range fs {
		out[i] = nodeimport.File(f)
	}
	return out
}

// requestOf turns a model input into the request that evaluates it.
func requestOf(in kubeletstart.Input) EvaluateRequest {
	r := EvaluateRequest{Release: in.Release, CommandLine: in.CommandLine, Args: in.Args, ConfigDir: in.ConfigDir, Env: in.Env}
	if in.Config != nil {
		r.Config = &File{Path: in.Config.Path, Content: in.Config.Content}
	}
	for _, f := range in.DropIns {
		r.DropIns = append(r.DropIns, File{Path: f.Path, Content: f.Content})
	}
	if in.DynamicCheckpoint != nil {
		r.DynamicCheckpoint = &File{Path: in.DynamicCheckpoint.Path, Content: in.DynamicCheckpoint.Content}
	}
	return r
}

// joinPath names a file of a fleet: the node's directory and the file's
// path within it.
func joinPath(dir, p string) string {
	if dir == "" || p == "" {
		return p
	}
	return dir + "/" + p
}
