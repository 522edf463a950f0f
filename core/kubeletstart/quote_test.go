package kubeletstart

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQuoteStringIsStrconvQuote(t *testing.T) {
	cases := []string{"", "kubelet", "/usr/bin/kubelet", `C:\kubelet.exe`, `say "hi"`, "tab\there", "é", "\x7f", "\xff", "~ !"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{'a', byte(c), 'z'}))
	}
	for _, s := range cases {
		assert.Equal(t, strconv.Quote(s), quoteString(s), "%q", s)
	}
}

func TestDashed(t *testing.T) {
	for in, want := range map[string]string{"": "", "config": "config", "feature_gates": "feature-gates", "_a__b_": "-a--b-"} {
		assert.Equal(t, want, dashed(in), in)
	}
}
