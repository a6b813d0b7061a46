/**
 * The bank a card number belongs to, asked of `/api/account/chkBank` as the shopper types: once
 * six digits are there, and again only when the first six change (the bank is told by them),
 * a moment after the typing stops. A failed guess is no guess: the shopper types the bank.
 */
import { useEffect, useState } from 'react';
import { useKernel } from '@kernel/client/hooks';
import { BIN_LENGTH } from '../card-rules';
import { cashContract, type BankGuess } from '../contract';

export const GUESS_DELAY_MS = 300;

export function useBankGuess(digits: string): BankGuess | null {
  const http = useKernel().http;
  const [guess, setGuess] = useState<BankGuess | null>(null);
  const prefix = digits.length >= BIN_LENGTH ? digits.slice(0, BIN_LENGTH) : '';

  useEffect(() => {
    setGuess(null);
    if (!prefix) return;
    let current = true;
    const timer = setTimeout(() => {
      http
        .data(cashContract.chkBank, { bank_suff: prefix }, { toastError: false })
        .then((found) => current && setGuess(found))
        .catch(() => current && setGuess({ bank: '', type: '' }));
    }, GUESS_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [http, prefix]);

  return guess;
}
