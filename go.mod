module github.com/kubexplorer/kubexplorer

go 1.26

require (
	github.com/andybalholm/brotli v1.2.8
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/cockroachdb/datadriven v1.0.3
	github.com/evanw/esbuild v0.28.2
	github.com/hack-pad/safejs v0.1.1
	github.com/spf13/pflag v1.0.10
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
	sigs.k8s.io/yaml v1.6.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	golang.org/x/sys v0.4.0 // indirect
)

// Patched copies (third_party/README.md): yaml v3 without its two
// package-level regexps, pflag without its IP flag types (which link net)
// and its bridge to package flag.
replace (
	github.com/spf13/pflag => ./third_party/github.com/spf13/pflag
	go.yaml.in/yaml/v3 => ./third_party/go.yaml.in/yaml/v3
)
