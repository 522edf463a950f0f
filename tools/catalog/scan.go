package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// globalGatePkg declares the process-global gate every kube binary uses.
const globalGatePkg = "k8s.io/apiserver/pkg/util/feature"

// pkgInfo is what `go list` tells about one package of a build.
type pkgInfo struct {
	ImportPath string
	Dir        string
	GoFiles    []string
}

// registration is one place where a package of the kubelet binary adds gates
// to the global gate while the process starts (package init).
type registration struct {
	Pkg string // the registering package
	// Call, when set, is a package-qualified function that receives the
	// global gate as its only argument ("k8s.io/component-base/logs/api/v1".
	// AddFeatureGates). The dumper makes the same call instead of importing
	// Pkg, which may be expensive to compile (cmd/kubelet/app).
	CallPkg, CallFunc string
	// Checked is true when the call's result is passed on (to Must), so it
	// returns an error the dumper must check.
	Checked bool
	Pos     string
}

func (r registration) String() string {
	if r.CallPkg != "" {
		return fmt.Sprintf("%s: %s.%s(global gate)", r.Pos, r.CallPkg, r.CallFunc)
	}
	return fmt.Sprintf("%s: package %s registers in init", r.Pos, r.Pkg)
}

// scanRegistrations finds the registrations performed by package
// initialisation in pkgs, plus notes about registration-looking calls
// elsewhere (which a human should look at: they run later, if at all).
func scanRegistrations(pkgs []pkgInfo) (regs []registration, notes []string, err error) {
	fset := token.NewFileSet()
	for _, p := range pkgs {
		if p.ImportPath == globalGatePkg || strings.HasPrefix(p.ImportPath, "k8s.io/component-base/featuregate") {
			continue
		}
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, nil, err
			}
			if !bytes.Contains(src, []byte("DefaultMutableFeatureGate")) {
				continue
			}
			f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
			if err != nil {
				return nil, nil, err
			}
			r, n := scanFile(fset, p.ImportPath, f)
			regs = append(regs, r...)
			notes = append(notes, n...)
		}
	}
	sort.Slice(regs, func(i, j int) bool { return regs[i].Pos < regs[j].Pos })
	sort.Strings(notes)
	return regs, notes, nil
}

func fileImports(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		m[name] = path
	}
	return m
}

// isGlobalGate reports whether e is <alias>.DefaultMutableFeatureGate with
// alias bound to the global gate package.
func isGlobalGate(e ast.Expr, imports map[string]string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "DefaultMutableFeatureGate" {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && imports[id.Name] == globalGatePkg
}

func scanFile(fset *token.FileSet, pkg string, f *ast.File) (regs []registration, notes []string) {
	imports := fileImports(f)
	pos := func(n ast.Node) string {
		p := fset.Position(n.Pos())
		return fmt.Sprintf("%s/%s:%d", pkg, filepath.Base(p.Filename), p.Line)
	}
	// Code that runs during package initialisation: init functions and
	// package-level variable initialisers.
	var initNodes []ast.Node
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == "init" && d.Body != nil {
				initNodes = append(initNodes, d.Body)
			} else if d.Body != nil {
				notes = append(notes, laterCalls(d.Body, imports, pos)...)
			}
		case *ast.GenDecl:
			if d.Tok == token.VAR {
				initNodes = append(initNodes, d)
			}
		}
	}
	for _, n := range initNodes {
		// Every use of the global gate in init code is either the sole
		// argument of a package-qualified call (replayable by the dumper) or
		// something else (the package itself must be imported).
		parents := map[ast.Node]ast.Node{}
		var stack []ast.Node
		ast.Inspect(n, func(c ast.Node) bool {
			if c == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if len(stack) > 0 {
				parents[c] = stack[len(stack)-1]
			}
			stack = append(stack, c)
			return true
		})
		for c := range parents {
			e, ok := c.(ast.Expr)
			if !ok || !isGlobalGate(e, imports) {
				continue
			}
			reg := registration{Pkg: pkg, Pos: pos(c)}
			if call, ok := parents[c].(*ast.CallExpr); ok && len(call.Args) == 1 && call.Args[0] == c {
				if fn, ok := call.Fun.(*ast.SelectorExpr); ok {
					if id, ok := fn.X.(*ast.Ident); ok && imports[id.Name] != "" && imports[id.Name] != globalGatePkg {
						reg.CallPkg, reg.CallFunc = imports[id.Name], fn.Sel.Name
						_, stmt := parents[call].(*ast.ExprStmt)
						reg.Checked = !stmt
					}
				}
			}
			regs = append(regs, reg)
		}
	}
	return dedupe(regs), notes
}

func dedupe(regs []registration) []registration {
	sort.Slice(regs, func(i, j int) bool { return regs[i].Pos < regs[j].Pos })
	var out []registration
	for _, r := range regs {
		if len(out) > 0 && out[len(out)-1] == r {
			continue
		}
		out = append(out, r)
	}
	return out
}

// laterCalls reports gate registrations outside package initialisation.
func laterCalls(body ast.Node, imports map[string]string, pos func(ast.Node) string) []string {
	var notes []string
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		name := fn.Sel.Name
		registering := strings.HasPrefix(name, "Add") || strings.HasPrefix(name, "Setup") || strings.HasPrefix(name, "Replace") || strings.HasPrefix(name, "Register")
		if !registering || name == "AddMetrics" || name == "AddFlag" {
			return true
		}
		uses := isGlobalGate(fn.X, imports)
		for _, a := range call.Args {
			uses = uses || isGlobalGate(a, imports)
		}
		if uses {
			notes = append(notes, fmt.Sprintf("%s: %s called outside package init", pos(call), name))
		}
		return true
	})
	return notes
}

// scanOwners maps gate names to the package that declares them as a typed
// constant (featuregate.Feature, or client-go's own Feature type).
func scanOwners(pkgs []pkgInfo) (map[string][]string, error) {
	owners := map[string][]string{}
	fset := token.NewFileSet()
	for _, p := range pkgs {
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			if !bytes.Contains(src, []byte("Feature")) {
				continue
			}
			f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			for _, name := range featureConsts(f) {
				owners[name] = appendUnique(owners[name], p.ImportPath)
			}
		}
	}
	return owners, nil
}

// featureConsts returns the gate names a file declares: constants typed
// Feature (featuregate.Feature, client-go's Feature), constants converted
// with Feature("X"), and untyped string constants that share a const block
// with such declarations (pkg/features has a few).
func featureConsts(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		var typed, untyped []string
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for _, v := range vs.Values {
				name, conv := featureValue(v)
				switch {
				case name == "":
				case conv || isFeatureType(vs.Type):
					typed = append(typed, name)
				case vs.Type == nil:
					untyped = append(untyped, name)
				}
			}
		}
		if len(typed) > 0 {
			out = append(out, typed...)
			out = append(out, untyped...)
		}
	}
	return out
}

// featureValue returns the string of a constant's value: a string literal,
// or Feature("X") (conv reports the conversion).
func featureValue(v ast.Expr) (name string, conv bool) {
	if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 1 && isFeatureType(call.Fun) {
		name, _ = featureValue(call.Args[0])
		return name, name != ""
	}
	lit, ok := v.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	return s, false
}

func isFeatureType(e ast.Expr) bool {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name == "Feature"
	case *ast.SelectorExpr:
		return t.Sel.Name == "Feature"
	}
	return false
}

func appendUnique(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// componentOf names the owner of a gate after the package declaring it.
func componentOf(pkg string) string {
	switch {
	case pkg == "k8s.io/kubernetes/pkg/features" || strings.HasPrefix(pkg, "k8s.io/kubernetes/"):
		return "kube"
	case strings.HasPrefix(pkg, "k8s.io/apiserver/"):
		return "apiserver"
	case strings.HasPrefix(pkg, "k8s.io/apiextensions-apiserver/"):
		return "apiextensions"
	case strings.HasPrefix(pkg, "k8s.io/client-go/"):
		return "client-go"
	case strings.HasPrefix(pkg, "k8s.io/component-base/logs"):
		return "logs"
	case strings.HasPrefix(pkg, "k8s.io/component-base/metrics"):
		return "metrics"
	case strings.HasPrefix(pkg, "k8s.io/component-base/zpages"):
		return "zpages"
	case strings.HasPrefix(pkg, "k8s.io/controller-manager/"):
		return "controller-manager"
	case strings.HasPrefix(pkg, "k8s.io/component-base/"):
		rest := strings.TrimPrefix(pkg, "k8s.io/component-base/")
		return strings.SplitN(rest, "/", 2)[0]
	}
	rest := strings.TrimPrefix(pkg, "k8s.io/")
	return strings.SplitN(rest, "/", 2)[0]
}

// ownerComponent picks the component for a gate declared by pkgs (several
// when a constant is duplicated). A declaration outside k8s.io/kubernetes
// wins: pkg/features re-lists foreign gates under their owners' constants,
// and a duplicate in pkg/features is the kube copy of a foreign gate.
func ownerComponent(pkgs []string) string {
	best := ""
	for _, p := range pkgs {
		c := componentOf(p)
		if best == "" || best == "kube" && c != "kube" || c != "kube" && best != "kube" && c < best {
			best = c
		}
	}
	if best == "" {
		return "kube"
	}
	return best
}
