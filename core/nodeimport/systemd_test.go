package nodeimport

import (
	"reflect"
	"strings"
	"testing"
)

func TestExtractWords(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  string
	}{
		{`/usr/bin/kubelet --a=1  --b`, []string{"/usr/bin/kubelet", "--a=1", "--b"}, ""},
		{`"a b" 'c d' e"f g"h`, []string{"a b", "c d", "ef gh"}, ""},
		{`a\sb \x41\101 "\t"`, []string{"a b", "AA", "\t"}, ""},
		{`'no \n escape'`, []string{`no \n escape`}, ""},
		{`"open`, nil, "unterminated \" quote"},
		{`bad\q`, nil, "unknown escape sequence \\q"},
		{`trailing\`, nil, "a trailing backslash has nothing to escape"},
		{``, nil, ""},
	}
	for _, c := range cases {
		got, _, err := extractWords(c.in)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: err %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q %v, want %q", c.in, got, err, c.want)
		}
	}
}

func TestExpandWord(t *testing.T) {
	env := map[string]string{"A": `--x=1 --y="two words"`, "E": ""}
	cases := []struct {
		word  string
		want  []string
		notes int
	}{
		{"$A", []string{"--x=1", "--y=two words"}, 0},
		{"${A}", []string{`--x=1 --y="two words"`}, 0},
		{"--z=${E}end", []string{"--z=end"}, 0},
		{"--z=$A", []string{"--z=$A"}, 1},
		{"$$A", []string{"$A"}, 0},
		{"$UNSET", nil, 1},
		{"${UNSET}", []string{""}, 1},
		{"$E", nil, 0},
		{"${open", []string{"${open"}, 0},
		{"100$", []string{"100$"}, 0},
	}
	for _, c := range cases {
		var notes []string
		got := expandWord(c.word, env, &notes)
		if !reflect.DeepEqual(got, c.want) || len(notes) != c.notes {
			t.Errorf("%q: %q (notes %q), want %q with %d notes", c.word, got, notes, c.want, c.notes)
		}
	}
}

func TestSpecifiers(t *testing.T) {
	var notes []string
	got := specifiers("%n %N %p %i%% %H", "kubelet.service", &notes)
	if got != "kubelet.service kubelet kubelet % %H" || len(notes) != 1 {
		t.Errorf("got %q, notes %q", got, notes)
	}
}

func TestParseEnvFile(t *testing.T) {
	in := "# comment\n" +
		"; another\n" +
		"A=plain value   \n" +
		"  B = \"quoted \\\"x\\\" \\n kept\"\n" +
		"C='single $x'\n" +
		"D=line\\\n" +
		"continued\n" +
		"export E=1\n" +
		"no equals sign\n" +
		"F=\"a\"b 'c'\n" +
		"G=\"open\n"
	vars, diags := parseEnvFile("f", []byte(in))
	got := map[string]string{}
	for _, v := range vars {
		got[v.key] = v.value
	}
	want := map[string]string{
		"A": "plain value",
		"B": `quoted "x" \n kept`,
		"C": "single $x",
		"D": "linecontinued",
		"F": "ab 'c'", // a quote after an unquoted character is literal
		"G": "open\n",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("vars = %q\nwant   %q", got, want)
	}
	if len(diags) != 2 || !strings.Contains(diags[0].Message, "export E=1") || diags[0].Line != 8 ||
		!strings.Contains(diags[1].Message, "not closed") || diags[1].Line != 11 || diags[1].Column != 3 {
		t.Errorf("diagnostics = %+v", diags)
	}
}

func TestParseUnitContinuation(t *testing.T) {
	in := "[Service]\n" +
		"ExecStart=/usr/bin/kubelet \\\n" +
		"  --a \\\n" +
		"# a comment inside the continuation\n" +
		"; and another\n" +
		"  --b\n" +
		"orphan line\n" +
		"  Environment = A=1\n"
	u, diags, err := parseUnit("u", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(u.entries) != 2 || u.entries[0].value != "/usr/bin/kubelet  --a  --b" || u.entries[1].key != "Environment" || u.entries[1].value != "A=1" {
		t.Errorf("entries = %+v", u.entries)
	}
	if u.entries[0].col != 11 || u.entries[1].col != 17 {
		t.Errorf("columns = %d, %d", u.entries[0].col, u.entries[1].col)
	}
	if len(diags) != 1 || diags[0].Line != 7 {
		t.Errorf("diagnostics = %+v", diags)
	}
}

func TestServiceResets(t *testing.T) {
	main, _, _ := parseUnit("/lib/systemd/system/kubelet.service", []byte("[Service]\nEnvironment=A=main\nExecStart=/usr/bin/kubelet --from-main\n"))
	drop, _, _ := parseUnit("/etc/systemd/system/kubelet.service.d/10.conf", []byte("[Service]\nEnvironment=\nEnvironment=\"B=x y\"\nExecStart=\nExecStart=-/usr/bin/kubelet $B ${A}\n"))
	args, env, _, err := assembleService([]unitFile{main, drop}).commandLine(func(string) (string, string, bool) { return "", "", false })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(args, []string{"x", "y", ""}) || env["A"] != "" || env["B"] != "x y" {
		t.Errorf("args %q env %q", args, env)
	}
}

func TestPSArgs(t *testing.T) {
	cases := []struct {
		line string
		want []string
		ok   bool
	}{
		{"/usr/bin/kubelet --a=1", []string{"--a=1"}, true},
		{"root 1 0.1 0.2 1 2 ? Ssl 08:00 1:00 /usr/local/bin/kubelet --a", []string{"--a"}, true},
		{"root 1 1 0 08:00 ? 00:01:02 kubelet", []string{}, true},
		{"# kubelet configuration", nil, false},
		{"ExecStart=/usr/bin/kubelet --a", nil, false},
	}
	for _, c := range cases {
		got, ok := psArgs(c.line)
		if ok != c.ok || ok && !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q %t", c.line, got, ok)
		}
	}
}

func TestPathMatching(t *testing.T) {
	if !pathMatches("config.yaml", "/var/lib/kubelet/config.yaml") || !pathMatches("var/lib/kubelet/config.yaml", "/var/lib/kubelet/config.yaml") ||
		!pathMatches("/var/lib/kubelet/config.yaml", "/var/lib/kubelet/config.yaml") || pathMatches("other.yaml", "/var/lib/kubelet/config.yaml") ||
		pathMatches("g.yaml", "/var/lib/kubelet/config.yaml") {
		t.Error("pathMatches")
	}
	for _, c := range []struct{ p, dir, rel string }{
		{"etc/kubernetes/kubelet.conf.d/10.conf", "/etc/kubernetes/kubelet.conf.d", "10.conf"},
		{"kubelet.conf.d/sub/05.conf", "/etc/kubernetes/kubelet.conf.d", "sub/05.conf"},
		{"/etc/kubernetes/kubelet.conf.d/10.conf", "/etc/kubernetes/kubelet.conf.d/", "10.conf"},
		{"etc/kubernetes/other/10.conf", "/etc/kubernetes/kubelet.conf.d", ""},
	} {
		if rel, _ := under(c.p, c.dir); rel != c.rel {
			t.Errorf("under(%q, %q) = %q, want %q", c.p, c.dir, rel, c.rel)
		}
	}
}
