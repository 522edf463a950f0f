package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"sort"
	"strconv"
)

// featuregatePkg declares the Feature type of every gate but client-go's.
const featuregatePkg = "k8s.io/component-base/featuregate"

// scanner finds feature-gate constants and the places that reference them.
//
// A gate constant is a package-level constant of type featuregate.Feature
// (or of a package's own "type Feature string", as client-go/features
// declares) whose value is a string literal, written either with the type
// (X featuregate.Feature = "X") or as a conversion (X = featuregate.Feature("X")).
//
// A reference is any use of such a constant, by selector from an importing
// package or by name inside the declaring package, except inside a
// composite literal of a map keyed by a Feature type: those are the
// registration tables (specs, versioned specs, dependencies), which every
// binary links and which read nothing.
type scanner struct {
	fset   *token.FileSet
	files  map[string]*ast.File // parsed files by absolute path
	consts map[string]map[string]string
	// names are package names by import path, for imports without a name.
	names map[string]string
	// refs are the gates each file references.
	refs map[string]map[string]bool
}

func newScanner() *scanner {
	return &scanner{fset: token.NewFileSet(), files: map[string]*ast.File{}, consts: map[string]map[string]string{},
		names: map[string]string{}, refs: map[string]map[string]bool{}}
}

func (s *scanner) parse(file string) (*ast.File, error) {
	if f, ok := s.files[file]; ok {
		return f, nil
	}
	f, err := parser.ParseFile(s.fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	s.files[file] = f
	return f, nil
}

// unionPackage merges the views of one package on several platforms.
type unionPackage struct {
	path, name string
	files      []string
	imports    map[string][]string
}

func union(pkgs []*pkg) []*unionPackage {
	byPath := map[string]*unionPackage{}
	for _, p := range pkgs {
		u := byPath[p.path]
		if u == nil {
			u = &unionPackage{path: p.path, imports: map[string][]string{}}
			byPath[p.path] = u
		}
		if p.name != "" {
			u.name = p.name
		}
		for _, f := range p.files {
			if _, ok := u.imports[f]; !ok {
				u.files = append(u.files, f)
				u.imports[f] = p.imports[f]
			}
		}
	}
	out := make([]*unionPackage, 0, len(byPath))
	for _, u := range byPath {
		sort.Strings(u.files)
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// findConstants records the gate constants of every package that can
// declare one: it imports featuregate or declares its own Feature type.
func (s *scanner) findConstants(pkgs []*unionPackage) error {
	for _, p := range pkgs {
		if p.name != "" {
			s.names[p.path] = p.name
		}
	}
	for _, p := range pkgs {
		candidate := false
		for _, f := range p.files {
			if contains(p.imports[f], featuregatePkg) || fileContains(f, "type Feature string") {
				candidate = true
				break
			}
		}
		if !candidate {
			continue
		}
		var parsed []*ast.File
		ownType := false
		for _, name := range p.files {
			f, err := s.parse(name)
			if err != nil {
				return err
			}
			parsed = append(parsed, f)
			ownType = ownType || declaresFeatureType(f)
		}
		// Untyped string constants named after their value, in a package
		// that declares gates, are gates too: pkg/features declares
		// ReloadKubeletClientCAFile that way (1.32+), and the map of specs
		// converts it.
		var maybe []string
		for _, f := range parsed {
			imports := s.fileImports(f)
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, id := range vs.Names {
						if i >= len(vs.Values) {
							continue
						}
						gate, ok := gateValue(vs.Type, vs.Values[i], imports, ownType)
						if !ok {
							if name, untyped := untypedString(vs.Type, vs.Values[i]); untyped && name == id.Name {
								maybe = append(maybe, id.Name)
							}
							continue
						}
						if s.consts[p.path] == nil {
							s.consts[p.path] = map[string]string{}
						}
						s.consts[p.path][id.Name] = gate
					}
				}
			}
		}
		if s.consts[p.path] != nil {
			for _, name := range maybe {
				s.consts[p.path][name] = name
			}
		}
	}
	return nil
}

// untypedString returns the value of an untyped string constant.
func untypedString(typ, val ast.Expr) (string, bool) {
	lit, ok := val.(*ast.BasicLit)
	if typ != nil || !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

func declaresFeatureType(f *ast.File) bool {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, spec := range gd.Specs {
			ts := spec.(*ast.TypeSpec)
			if id, ok := ts.Type.(*ast.Ident); ok && ts.Name.Name == "Feature" && id.Name == "string" && ts.Assign == 0 {
				return true
			}
		}
	}
	return false
}

// isFeatureType reports whether e names featuregate.Feature or the
// package's own Feature type.
func isFeatureType(e ast.Expr, imports map[string]string, ownType bool) bool {
	switch t := e.(type) {
	case *ast.SelectorExpr:
		id, ok := t.X.(*ast.Ident)
		return ok && t.Sel.Name == "Feature" && imports[id.Name] == featuregatePkg
	case *ast.Ident:
		return ownType && t.Name == "Feature"
	}
	return false
}

// gateValue returns the gate name a constant declares, if it is one.
func gateValue(typ, val ast.Expr, imports map[string]string, ownType bool) (string, bool) {
	if typ == nil {
		call, ok := val.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !isFeatureType(call.Fun, imports, ownType) {
			return "", false
		}
		val = call.Args[0]
	} else if !isFeatureType(typ, imports, ownType) {
		return "", false
	}
	lit, ok := val.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// fileImports maps a file's import names to import paths. An import
// without a name is known by the imported package's own name.
func (s *scanner) fileImports(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := s.names[p]
		if name == "" {
			name = path.Base(p)
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = p
	}
	return m
}

// findReferences records the gates every file of pkgs references.
func (s *scanner) findReferences(pkgs []*unionPackage) error {
	for _, p := range pkgs {
		own := s.consts[p.path]
		for _, name := range p.files {
			relevant := own != nil
			for _, imp := range p.imports[name] {
				if s.consts[imp] != nil {
					relevant = true
				}
			}
			if !relevant {
				continue
			}
			f, err := s.parse(name)
			if err != nil {
				return err
			}
			refs := s.references(f, own)
			if len(refs) > 0 {
				s.refs[name] = refs
			}
		}
	}
	return nil
}

func (s *scanner) references(f *ast.File, own map[string]string) map[string]bool {
	imports := s.fileImports(f)
	refs := map[string]bool{}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GenDecl:
			// The constants' own declarations.
			return x.Tok != token.CONST || own == nil
		case *ast.CompositeLit:
			if m, ok := x.Type.(*ast.MapType); ok && isFeatureKey(m.Key) {
				return false
			}
		case *ast.KeyValueExpr:
			// A bare name as a key is a struct field, not a constant.
			if _, ok := x.Key.(*ast.Ident); ok {
				ast.Inspect(x.Value, visit)
				return false
			}
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				if gate, ok := s.consts[imports[id.Name]][x.Sel.Name]; ok {
					refs[gate] = true
				}
				return false
			}
			ast.Inspect(x.X, visit)
			return false
		case *ast.Ident:
			if gate, ok := own[x.Name]; ok {
				refs[gate] = true
			}
		}
		return true
	}
	ast.Inspect(f, visit)
	return refs
}

// isFeatureKey: the key type of a registration table.
func isFeatureKey(e ast.Expr) bool {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name == "Feature"
	case *ast.SelectorExpr:
		return t.Sel.Name == "Feature"
	}
	return false
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func fileContains(file, text string) bool {
	data, err := os.ReadFile(file)
	return err == nil && bytes.Contains(data, []byte(text))
}

// gatesOf returns the gates the given files reference, with the packages
// that reference each.
func (s *scanner) gatesOf(pkgs []*pkg) map[string][]string {
	out := map[string][]string{}
	for _, p := range pkgs {
		for _, f := range p.files {
			for g := range s.refs[f] {
				if l := out[g]; len(l) == 0 || l[len(l)-1] != p.path {
					out[g] = append(out[g], p.path)
				}
			}
		}
	}
	return out
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
