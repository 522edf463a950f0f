package fleet

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/kubexplorer/kubexplorer/core/nodeimport"
)

// Dump is the files of one node.
type Dump struct {
	Node  string            `json:"node"`
	Files []nodeimport.File `json:"files"`
	// Dir is the fleet directory's entry the node comes from when it is a
	// directory (its files' paths are relative to it), "" when the node is
	// one file: path.Join(Dir, file) names a file of the fleet.
	Dir string `json:"dir,omitempty"`
}

// MaxNodes is the most node dumps one check takes.
const MaxNodes = 10000

// Group turns the files of a fleet directory (paths relative to it, "/"
// separated) into node dumps: a file at the top is a node named after the
// file without its extension (a bundle, a configz, …); a directory at the
// top is a node named after it, holding every file below it. Hidden files
// and directories (".git", ".DS_Store") are skipped. The result is sorted
// by node name.
func Group(files []nodeimport.File) ([]Dump, error) {
	byNode := map[string]*Dump{}
	origin := map[string]string{} // node -> the top-level file or directory it comes from
	for _, f := range files {
		p := strings.TrimPrefix(path.Clean("/"+f.Path), "/")
		if p == "" || p == "." {
			continue
		}
		parts := strings.Split(p, "/")
		hidden := false
		for _, s := range parts {
			hidden = hidden || strings.HasPrefix(s, ".")
		}
		if hidden {
			continue
		}
		name, rel, top, dir := parts[0], strings.Join(parts[1:], "/"), parts[0]+"/", parts[0]
		if len(parts) == 1 {
			name, rel, top, dir = strings.TrimSuffix(p, path.Ext(p)), p, p, ""
		}
		if o, ok := origin[name]; ok && o != top {
			return nil, fmt.Errorf("two node dumps are named %q (%s and %s): rename one", name, o, top)
		}
		origin[name] = top
		d := byNode[name]
		if d == nil {
			d = &Dump{Node: name, Dir: dir}
			byNode[name] = d
		}
		d.Files = append(d.Files, nodeimport.File{Path: rel, Content: f.Content})
	}
	if len(byNode) > MaxNodes {
		return nil, fmt.Errorf("%d node dumps: a check takes at most %d", len(byNode), MaxNodes)
	}
	out := make([]Dump, 0, len(byNode))
	for _, d := range byNode {
		sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Path < d.Files[j].Path })
		out = append(out, *d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Node < out[j].Node })
	return out, nil
}
