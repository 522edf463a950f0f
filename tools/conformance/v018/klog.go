package v018

import (
	"bytes"
	"flag"
	"io"
	"sync"

	"k8s.io/klog"

	"github.com/kubexplorer/kubexplorer/tools/conformance/scenario"
)

// klogV1 captures k8s.io/klog (v1), which component-base v0.18 logs with.
// klog v1 writes a warning to the WARNING and the INFO destinations; only
// INFO is kept so that each entry appears once.
var klogV1 = &klogCapture{}

type klogCapture struct {
	once sync.Once
	buf  bytes.Buffer
}

func (k *klogCapture) Take() []string {
	k.once.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		for name, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "stderrthreshold": "FATAL"} {
			if err := fs.Set(name, v); err != nil {
				panic(err)
			}
		}
		klog.SetOutputBySeverity("INFO", &k.buf)
		for _, s := range []string{"WARNING", "ERROR", "FATAL"} {
			klog.SetOutputBySeverity(s, io.Discard)
		}
	})
	klog.Flush()
	text := k.buf.String()
	k.buf.Reset()
	return scenario.KlogLines(text)
}
