package main

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// module is the import path prefix of the packages whose sources are read.
const module = "github.com/kubexplorer/kubexplorer/"

// typeDoc is what the Go source says about a type.
type typeDoc struct {
	doc    string
	fields map[string]string // Go field name → its comment
	values []string          // the type's constants, as Go literals
}

// sources reads doc comments of the module's packages on demand.
type sources struct {
	root string
	pkgs map[string]map[string]typeDoc // import path → type name → doc
}

func newSources(root string) *sources {
	return &sources{root: root, pkgs: map[string]map[string]typeDoc{}}
}

// lookup returns the doc of the named type of a package (empty outside
// the module or when the source cannot be read).
func (s *sources) lookup(pkgPath, name string) typeDoc {
	types, ok := s.pkgs[pkgPath]
	if !ok {
		types = s.read(pkgPath)
		s.pkgs[pkgPath] = types
	}
	return types[name]
}

func (s *sources) read(pkgPath string) map[string]typeDoc {
	out := map[string]typeDoc{}
	fset, d := s.parse(pkgPath)
	if d == nil {
		return out
	}
	for _, t := range d.Types {
		td := typeDoc{doc: t.Doc, fields: map[string]string{}}
		for _, v := range t.Consts {
			for _, spec := range v.Decl.Specs {
				if vs, ok := spec.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
					for _, val := range vs.Values {
						if lit, ok := val.(*ast.BasicLit); ok {
							td.values = append(td.values, lit.Value)
						}
					}
				}
			}
		}
		for _, spec := range t.Decl.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok || ts.Name.Name != t.Name {
				continue
			}
			if st, ok := ts.Type.(*ast.StructType); ok {
				collectFields(fset, st, td.fields)
			}
		}
		out[t.Name] = td
	}
	return out
}

// parse reads the documentation of a package of the module: its Go files
// for this platform, tests left out. It returns nil outside the module or
// when the sources cannot be read.
func (s *sources) parse(pkgPath string) (*token.FileSet, *doc.Package) {
	rel, ok := strings.CutPrefix(pkgPath, module)
	if !ok {
		return nil, nil
	}
	dir := filepath.Join(s.root, filepath.FromSlash(rel))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if match, err := build.Default.MatchFile(dir, name); err != nil || !match {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, nil
		}
		files = append(files, f)
	}
	d, err := doc.NewFromFiles(fset, files, pkgPath, doc.AllDecls|doc.PreserveAST)
	if err != nil {
		return nil, nil
	}
	return fset, d
}

// collectFields records the comment of each field. A comment above a
// group of fields (declared together, "Line, Column int", or on the lines
// right below it without a comment of their own) applies to all of them.
func collectFields(fset *token.FileSet, st *ast.StructType, fields map[string]string) {
	last, lastEnd := "", 0
	for _, f := range st.Fields.List {
		text := strings.TrimSpace(f.Doc.Text())
		if text == "" {
			text = strings.TrimSpace(f.Comment.Text())
		}
		if f.Doc == nil && f.Comment == nil && fset.Position(f.Pos()).Line == lastEnd+1 {
			text = last
		}
		if f.Comment != nil {
			last = "" // a line comment is the field's own
		} else {
			last = text
		}
		lastEnd = fset.Position(f.End()).Line
		names := f.Names
		if len(names) == 0 { // embedded
			switch t := f.Type.(type) {
			case *ast.Ident:
				fields[t.Name] = text
			case *ast.StarExpr:
				if id, ok := t.X.(*ast.SelectorExpr); ok {
					fields[id.Sel.Name] = text
				}
			case *ast.SelectorExpr:
				fields[t.Sel.Name] = text
			}
			continue
		}
		for _, n := range names {
			fields[n.Name] = text
		}
	}
}
