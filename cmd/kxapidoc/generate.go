package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/explorer"
)

// generator writes the reference: methods, then every type they reach.
type generator struct {
	src   *sources
	b     strings.Builder
	seen  map[reflect.Type]bool
	types []reflect.Type // named types to document, in discovery order
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	rawType       = reflect.TypeFor[json.RawMessage]()
	marshalerType = reflect.TypeFor[json.Marshaler]()
)

func generate(root string, methods []*explorer.Method, mechanisms []explorer.Mechanism) ([]byte, error) {
	g := &generator{src: newSources(root), seen: map[reflect.Type]bool{}}
	g.b.WriteString(intro)
	g.codes()
	g.methods(methods, mechanisms)
	g.typeSections()
	return []byte(g.b.String()), nil
}

func (g *generator) printf(format string, args ...any) { fmt.Fprintf(&g.b, format, args...) }

// codes lists the Code* constants of the explorer's packages: the error
// codes and the diagnostic codes.
func (g *generator) codes() {
	g.printf("\n## Codes\n\n")
	g.printf("Error codes (`error.code`) and diagnostic codes (`diagnostics[].code`), from the constants of the explorer's packages.\n\n")
	g.printf("| code | package | meaning |\n|---|---|---|\n")
	for _, pkg := range []string{"explorer", "explorer/gates", "explorer/kubelet", "explorer/kubefed"} {
		for _, c := range g.src.constants(module+pkg, "Code") {
			g.printf("| `%s` | %s | %s |\n", c.value, pkg, cell(c.doc))
		}
	}
	g.printf("| `gates.<stage>` | explorer/gates | the kubelet start-up step that rejected the input: the result's `stage` (`gates.parse`, `gates.flagGates`, `gates.loadConfig`, `gates.mergeConfig`, `gates.validate`, …) |\n")
}

func (g *generator) methods(methods []*explorer.Method, mechanisms []explorer.Mechanism) {
	byMech := map[string][]*explorer.Method{}
	for _, m := range methods {
		byMech[explorer.MechanismOf(m.Name)] = append(byMech[explorer.MechanismOf(m.Name)], m)
	}
	g.printf("\n## Methods\n\n")
	g.printf("Every engine has the engine's own methods; an engine per mechanism (`wasm/cmd/<mechanism>`) has its mechanism's, except that the gates engine leaves `gates.explain`, `gates.import`, `gates.check`, `gates.diff` and `gates.components` to the gatestools engine (`wasm/cmd/gatestools`, loaded the first time one of them is called), and the all-in-one engine (`wasm/cmd/all`) has every one.\n")
	sections := []explorer.Mechanism{{Name: "", Title: "The engine"}}
	sections = append(sections, mechanisms...)
	for _, sec := range sections {
		if sec.Name == "" {
			g.printf("\n### The engine\n\n")
		} else {
			g.printf("\n### %s: %s\n\n", sec.Name, sec.Title)
		}
		g.printf("| method | request | reply | what it does |\n|---|---|---|---|\n")
		for _, m := range byMech[sec.Name] {
			g.printf("| `%s` | %s | %s | %s |\n", m.Name, g.expr(m.Request), g.expr(m.Reply), cell(m.Doc))
		}
	}
	g.printf("\nThe bridge (`wasm`) answers two more methods itself, for the page's tests: `debug.exit` ends the Go program (the page must restart the engine) and `debug.bridgePanic` panics in the bridge outside any method (the reply is an `internal` error).\n")
}

// expr is a type as the tables show it, linking to named types.
func (g *generator) expr(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return "string (RFC 3339)"
	case t == rawType:
		return "any JSON"
	case t.Name() != "" && strings.HasPrefix(t.PkgPath(), module):
		g.enqueue(t)
		return fmt.Sprintf("[%s](#%s)", qualified(t), anchor(t))
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "list of " + g.expr(t.Elem())
	case reflect.Map:
		return "map of " + g.expr(t.Key()) + " → " + g.expr(t.Elem())
	case reflect.Interface:
		return "any"
	case reflect.Struct:
		if t.NumField() == 0 {
			return "`{}`"
		}
		return "object"
	}
	return "`" + t.String() + "`"
}

func (g *generator) enqueue(t reflect.Type) {
	if !g.seen[t] {
		g.seen[t] = true
		g.types = append(g.types, t)
	}
}

// qualified is a type's name with its package's path in the module.
func qualified(t reflect.Type) string {
	return strings.TrimPrefix(t.PkgPath(), module) + "." + t.Name()
}

func anchor(t reflect.Type) string {
	return "type-" + strings.NewReplacer("/", "-", ".", "-").Replace(qualified(t))
}

// typeSections documents every type reached, the explorer's first; the
// fields of one type may reach more.
func (g *generator) typeSections() {
	g.printf("\n## Types\n\nThe explorer's types first, then the types of the cores that replies carry (Kubernetes-shaped data, transcripts, snapshots).\n")
	done := map[reflect.Type]bool{}
	for {
		var next []reflect.Type
		for _, t := range g.types {
			if !done[t] {
				next = append(next, t)
			}
		}
		if len(next) == 0 {
			return
		}
		sort.SliceStable(next, func(i, j int) bool { return typeOrder(next[i]) < typeOrder(next[j]) })
		// One at a time: the first type's fields may reach types that
		// sort before the rest.
		t := next[0]
		done[t] = true
		g.typeSection(t)
	}
}

func typeOrder(t reflect.Type) string {
	p := strings.TrimPrefix(t.PkgPath(), module)
	rank := "2"
	switch {
	case p == "explorer":
		rank = "0"
	case strings.HasPrefix(p, "explorer/"):
		rank = "1"
	}
	return rank + p + "." + t.Name()
}

func (g *generator) typeSection(t reflect.Type) {
	td := g.src.lookup(t.PkgPath(), t.Name())
	g.printf("\n<a id=\"%s\"></a>\n### `%s`\n\n", anchor(t), qualified(t))
	if td.doc != "" {
		g.printf("%s\n\n", strings.TrimSpace(strings.ReplaceAll(td.doc, "\n", " ")))
	}
	if t.Kind() != reflect.Struct || reflect.PointerTo(t).Implements(marshalerType) || t.Implements(marshalerType) {
		g.printf("JSON: %s.", g.base(t))
		if len(td.values) > 0 {
			g.printf(" One of %s.", strings.Join(td.values, ", "))
		}
		g.printf("\n")
		return
	}
	fields := jsonFields(t)
	if len(fields) == 0 {
		g.printf("JSON: `{}`.\n")
		return
	}
	g.printf("| field | type | meaning |\n|---|---|---|\n")
	for _, f := range fields {
		desc := g.src.lookup(f.owner.PkgPath(), f.owner.Name()).fields[f.goName]
		if f.optional {
			desc = "*optional.* " + desc
		}
		g.printf("| `%s` | %s | %s |\n", f.name, g.expr(f.typ), cell(desc))
	}
}

// base describes a named type that is not a plain struct by its JSON form.
func (g *generator) base(t reflect.Type) string {
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) {
		return "its own encoding (see the Go type)"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Bool:
		return "a boolean"
	}
	return "`" + t.Kind().String() + "`"
}

// field is one JSON field of a struct, as encoding/json sees it.
type field struct {
	name     string
	goName   string
	typ      reflect.Type
	optional bool
	owner    reflect.Type // the struct that declares it
	depth    int
}

// jsonFields lists the JSON fields of a struct in order, embedded structs
// flattened, a shallower field hiding a deeper one of the same name.
func jsonFields(t reflect.Type) []field {
	var all []field
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := f.Type
			if f.Anonymous && name == "" {
				et := ft
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct {
					walk(et, depth+1)
					continue
				}
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			all = append(all, field{name: name, goName: f.Name, typ: ft, optional: strings.Contains(opts, "omitempty"),
				owner: t, depth: depth})
		}
	}
	walk(t, 0)
	best := map[string]int{}
	for _, f := range all {
		if d, ok := best[f.name]; !ok || f.depth < d {
			best[f.name] = f.depth
		}
	}
	var out []field
	for _, f := range all {
		if best[f.name] == f.depth {
			out = append(out, f)
			best[f.name] = -1 // once
		}
	}
	return out
}

// cell makes text safe inside a table cell.
func cell(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\n", " "))
	return strings.ReplaceAll(s, "|", "\\|")
}
