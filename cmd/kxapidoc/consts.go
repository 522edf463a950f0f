package main

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"
)

// constant is a string constant with its comment.
type constant struct {
	name, value, doc string
}

// constants lists a package's string constants whose names start with
// prefix, in source order, each with its own comment (a line comment, or
// the comment above it).
func (s *sources) constants(pkgPath, prefix string) []constant {
	fset, d := s.parse(pkgPath)
	if d == nil {
		return nil
	}
	type posConst struct {
		constant
		pos token.Pos
	}
	var out []posConst
	{
		for _, v := range d.Consts {
			for _, spec := range v.Decl.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, prefix) || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					val, _ := strconv.Unquote(lit.Value)
					text := strings.TrimSpace(vs.Comment.Text())
					if text == "" {
						text = strings.TrimSpace(vs.Doc.Text())
						// "CodeX is …" and "CodeX: …" name the constant first.
						for _, p := range []string{n.Name + ": ", n.Name + " is ", n.Name + " "} {
							text = strings.TrimPrefix(text, p)
						}
					}
					out = append(out, posConst{constant{name: n.Name, value: val, doc: text}, n.Pos()})
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		pi, pj := fset.Position(out[i].pos), fset.Position(out[j].pos)
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		return pi.Offset < pj.Offset
	})
	res := make([]constant, len(out))
	for i, c := range out {
		res[i] = c.constant
	}
	return res
}
