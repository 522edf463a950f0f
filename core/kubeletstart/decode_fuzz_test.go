package kubeletstart

import (
	"encoding/json"
	"testing"
)

// FuzzDecoders feeds the two field decoders any bytes: json-iterator's
// reader is driven past its first error over whatever follows (its cursor
// can stop anywhere), so it must stay inside the buffer; sigs.k8s.io/json's
// checks see whatever valid JSON object they are given. Errors are fine; a
// panic is not, nor a decoder that fails without a message.
func FuzzDecoders(f *testing.F) {
	for _, s := range []string{
		`{"apiVersion":"kubelet.config.k8s.io/v1beta1","featureGates":{"A":0},"kind":"KubeletConfiguration","kubeAPIBurst":{}}`,
		`{"MaxPods":20,"apiVersion":"x","kind":"y","port":10250}`,
		`{"clusterDNS":[1,2],"maxPods":-5000000000,"syncFrequency":"1x"}`,
		`{"evictionHard":{"a":1},"reservedMemory":[5],"staticPodURLHeader":{"a":"b"}}`,
		`{"crashLoopBackOff":{"maxContainerRestartPeriod":300},"maxPods":99999999999}`,
		`{"maxPods":0.5,"port":"\u0041\"","tlsCipherSuites":[null,"a"]}`,
		`{"featureGates":{"A":t`, `[`, `"`, `{"a`, `-`, `{"":[`,
	} {
		f.Add([]byte(s), 18)
		f.Add([]byte(s), 37)
	}
	f.Fuzz(func(t *testing.T, data []byte, minor int) {
		minor = 18 + (minor%20+20)%20
		for _, strict := range []bool{false, true} {
			if _, _, _, _, err := jsonIterWalk(data, minor, strict); err != nil && err.Error() == "" {
				t.Fatal("json-iterator: an error without a message")
			}
		}
		if !json.Valid(data) {
			return
		}
		if _, _, _, err := sigsDecode(data, minor); err != nil && err.Error() == "" {
			t.Fatal("sigs.k8s.io/json: an error without a message")
		}
	})
}
