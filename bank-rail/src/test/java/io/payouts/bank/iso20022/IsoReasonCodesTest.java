package io.payouts.bank.iso20022;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class IsoReasonCodesTest {

    @Test
    void describesTheCodesAPayoutMeets() {
        assertThat(IsoReasonCodes.describe("AC01")).isEqualTo("incorrect account number");
        assertThat(IsoReasonCodes.describe("AC04")).isEqualTo("closed account number");
        assertThat(IsoReasonCodes.describe("AM04")).isEqualTo("insufficient funds");
        assertThat(IsoReasonCodes.describe("MD07")).isEqualTo("end customer deceased");
        assertThat(IsoReasonCodes.describe("FF01")).isEqualTo("invalid file format");
        assertThat(IsoReasonCodes.describe("RR04")).isEqualTo("regulatory reason");
    }

    @Test
    void passesAnUnknownCodeThrough() {
        assertThat(IsoReasonCodes.describe("ZZ99")).isEqualTo("code ZZ99");
    }
}
